// Parameters of the proof explorer's routes; the payloads are the shared contracts in domain/contracts/proofs.
import { z } from 'zod';

export const proofParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const proofDocumentParamsSchema = z.object({ id: z.string().min(1).max(200), documentId: z.string().min(1).max(100) });
