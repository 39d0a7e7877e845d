// Reads a rippled `tx` answer (the raw JSON result, API v1 or v2) into what the bundle check needs:
// validated or not, the ledger index, the final result, the sender and the GOOSE registration memo
// (hex-decoded here). Pure, with no xrpl.js, so the browser's /verify page reads the ledger's answer
// itself: the server only relays the JSON (GET /api/ledger/transactions/:txHash). It reads the same
// as infra/xrpl's ledgerTransactionOf (a test holds them equal).
import type { LedgerTransactionRecord } from './verify-bundle';

const REGISTRATION_MEMO_TYPE = 'goose/registration';
const SHA256_HEX = /^[0-9a-f]{64}$/;

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null);

/** The transaction's own fields: under tx_json (API v2) or at the top (API v1). */
function transactionFields(result: Json): Json {
  return objectOr(result.tx_json) ?? result;
}

function hexToText(hex: string): string | null {
  if (!/^([0-9A-Fa-f]{2})*$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The first memo of type goose/registration whose JSON has a SHA-256 and a certificate id; null when there is none. */
function registrationMemo(fields: Json): LedgerTransactionRecord['memo'] {
  const memos = fields.Memos;
  if (!Array.isArray(memos)) return null;
  for (const entry of memos) {
    const memo = objectOr(objectOr(entry)?.Memo);
    if (typeof memo?.MemoType !== 'string' || typeof memo.MemoData !== 'string') continue;
    if (hexToText(memo.MemoType) !== REGISTRATION_MEMO_TYPE) continue;
    const text = hexToText(memo.MemoData);
    if (text === null) continue;
    try {
      const data = objectOr(JSON.parse(text));
      if (typeof data?.sha256 === 'string' && SHA256_HEX.test(data.sha256) && typeof data.certificateId === 'string' && data.certificateId.length > 0 && data.certificateId.length <= 128 &&
        typeof data.trackId === 'string' && data.trackId.length > 0 && data.trackId.length <= 64 && typeof data.title === 'string') {
        return { sha256: data.sha256, certificateId: data.certificateId };
      }
    } catch {
      // Not JSON: someone else's memo under our type; keep looking.
    }
  }
  return null;
}

/** Null when the answer is not a transaction at all (no sender). */
export function ledgerRecordOfTxAnswer(answer: unknown): LedgerTransactionRecord | null {
  const result = objectOr(answer);
  if (!result) return null;
  const fields = transactionFields(result);
  if (typeof fields.Account !== 'string') return null;
  const meta = objectOr(result.meta);
  return {
    validated: result.validated === true,
    ledgerIndex: typeof result.ledger_index === 'number' ? result.ledger_index : null,
    engineResult: typeof meta?.TransactionResult === 'string' ? meta.TransactionResult : null,
    memo: registrationMemo(fields),
    account: fields.Account,
  };
}
