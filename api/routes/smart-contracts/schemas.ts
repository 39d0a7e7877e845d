// Request shapes of the contract routes that are not payloads of domain/contracts/royalties.ts.
import { z } from 'zod';

export const payoutHistoryQuerySchema = z.object({ contractId: z.string().min(1).max(200).optional() });
