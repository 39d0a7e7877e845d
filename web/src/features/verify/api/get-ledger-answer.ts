// GET /api/ledger/transactions/{txHash}: the ledger's raw answer about a transaction, relayed from the
// server's XRPL_URL. The /verify page asks the ledger directly first (ask-ledger.ts) and uses this
// relay only when that fails, saying the answer came through this server.
import { ledgerTransactionAnswerSchema, type LedgerTransactionAnswer } from '../../../../../domain/contracts/proofs';
import { getParsed } from '../../../lib/api-client';

export async function getLedgerAnswer(txHash: string): Promise<LedgerTransactionAnswer> {
  return getParsed(ledgerTransactionAnswerSchema, `/api/ledger/transactions/${encodeURIComponent(txHash)}`);
}
