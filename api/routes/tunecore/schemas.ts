// The request and response schemas of the distribution routes that the shared contracts
// (domain/contracts/distribution.ts) do not already define.
import { z } from 'zod';
import { distributeRequestSchema, distributionSchema } from '../../../domain/contracts/distribution';

/**
 * The distribute request as the contract defines it, except that an empty store list reaches the
 * handler, which refuses it with spec 1's sentence on its own (the validator would prefix the field name).
 */
export const distributeBodySchema = distributeRequestSchema.extend({ selectedStores: z.array(z.string()) });

export const takedownResponseSchema = z.object({ success: z.literal(true), message: z.string(), distribution: distributionSchema });
