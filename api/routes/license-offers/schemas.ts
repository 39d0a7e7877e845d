// Request shapes of the offer routes that are not payloads of domain/contracts/licensing.ts.
import { z } from 'zod';
import { createOfferRequestSchema } from '../../../domain/contracts/licensing';

export const offerParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** PUT /api/licenses/offers/:id: the offer's details; its work never changes. */
export const updateOfferRequestSchema = createOfferRequestSchema.omit({ workId: true });
