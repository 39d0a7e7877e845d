// The request and response schemas of the distribution routes that the shared contracts
// (domain/contracts/distribution.ts) do not already define.
import { z } from 'zod';
import { COVER_MIN_SIDE, distributeRequestSchema } from '../../../domain/contracts/distribution';
import { binarySchema } from '../../openapi';

/**
 * The distribute request as the contract defines it, except that an empty store list reaches the
 * handler, which refuses it with its own sentence (the validator would prefix the field name).
 */
export const distributeBodySchema = distributeRequestSchema.extend({ selectedStores: z.array(z.string()) });

export const coverArtFormSchema = z.object({
  file: binarySchema.describe(`The cover: a square JPEG or PNG of at least ${COVER_MIN_SIDE}×${COVER_MIN_SIDE} pixels`),
});
