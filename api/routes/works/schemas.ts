// Request shapes of the registry routes that are not payloads of domain/contracts/registry.ts.
import { z } from 'zod';

export const workParamsSchema = z.object({ id: z.string().min(1).max(200) });
