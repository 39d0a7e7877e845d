// The registration routes' requests and answers (the answers are payloads of domain/contracts/lifecycle.ts).
import { z } from 'zod';
export { registrationResponseSchema, syncStatusSchema } from '../../../domain/contracts/lifecycle';

/** An XRPL transaction hash. */
export const txHashParams = z.object({ txHash: z.string().regex(/^[0-9A-Fa-f]{64}$/, 'txHash must be 64 hex characters') });
