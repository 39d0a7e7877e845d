// Request shapes of the offer routes that are not payloads of domain/contracts/licensing.ts.
import { createOfferRequestSchema } from '../../../domain/contracts/licensing';

/** PUT /api/licenses/offers/:id: the offer's details; its work never changes. */
export const updateOfferRequestSchema = createOfferRequestSchema.omit({ workId: true });
