// Parameters of the proof explorer's routes; the payloads are the shared contracts in domain/contracts/proofs.
import { z } from 'zod';
import { idParams } from '../shared-schemas';

export const proofDocumentParamsSchema = idParams.extend({ documentId: z.string().min(1).max(100) });
/** An XRPL transaction hash: 64 hex characters (upper case, as the ledger writes it; lower case is accepted). */
export const ledgerTransactionParamsSchema = z.object({
  txHash: z.string().regex(/^[0-9A-Fa-f]{64}$/, 'txHash must be an XRPL transaction hash (64 hex characters)').transform((hash) => hash.toUpperCase()),
});
