// The usage route's query: how many recent calls to list (the answer is the developer contract's apiUsageResponseSchema).
import { z } from 'zod';

/** At most this many recent calls in one answer; 50 when not asked. */
export const MAX_RECENT_CALLS = 200;

export const usageQuerySchema = z.object({
  recent: z.coerce.number().int('recent must be a whole number').min(1, 'recent must be at least 1').max(MAX_RECENT_CALLS, `recent must be at most ${MAX_RECENT_CALLS}`).default(50),
});
