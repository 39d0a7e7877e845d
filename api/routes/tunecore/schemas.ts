// The request and response schemas of the distribution routes that the shared contracts
// (domain/contracts/distribution.ts) do not already define.
import { z } from 'zod';
import { distributeRequestSchema } from '../../../domain/contracts/distribution';

/**
 * The distribute request as the contract defines it, except that an empty store list reaches the
 * handler, which refuses it with its own sentence (the validator would prefix the field name).
 */
export const distributeBodySchema = distributeRequestSchema.extend({ selectedStores: z.array(z.string()) });
