// GET /api/ledger/transactions/{txHash}: the ledger's raw answer about a transaction, relayed from the
// server's XRPL_URL, which the /verify page reads itself to check a bundle's ledger transaction.
import { ledgerTransactionAnswerSchema, type LedgerTransactionAnswer } from '../../../../../domain/contracts/proofs';
import { apiGet } from '../../../lib/api-client';

export async function getLedgerAnswer(txHash: string): Promise<LedgerTransactionAnswer> {
  return ledgerTransactionAnswerSchema.parse(await apiGet<unknown>(`/api/ledger/transactions/${encodeURIComponent(txHash)}`, { on401: 'throw' }));
}
