// Looks a registration transaction up on any rippled server by hash, with no platform account or
// key: what an outside verifier (`npm run verify-proof`) needs to check a proof's ledger claim, and
// the raw answer the API relays to the browser's /verify page (which reads it itself).
import { Client, RippledError, type TxResponse } from 'xrpl';
import type { LedgerLookup, LedgerTransactionRecord } from '../../domain/proofs/verify-bundle';
import { ledgerTransactionOf } from './ledger';

const CONNECT_TIMEOUT_MS = 10_000;

/** A lookup through the rippled WebSocket at `url`; null when the server does not hold the transaction. */
export function xrplTransactionLookup(url: string): LedgerLookup {
  return async (txHash: string): Promise<LedgerTransactionRecord | null> => {
    const result = await xrplRawTransaction(url, txHash);
    return result ? ledgerTransactionOf(result) : null;
  };
}

/** The `tx` result exactly as the rippled server at `url` answers; null when it does not hold the transaction. Throws when unreachable. */
export async function xrplRawTransaction(url: string, txHash: string): Promise<TxResponse['result'] | null> {
  const client = new Client(url, { connectionTimeout: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    const { result } = await client.request({ command: 'tx', transaction: txHash });
    return result;
  } catch (error) {
    if (error instanceof RippledError && (error.data as { error?: string } | undefined)?.error === 'txnNotFound') return null;
    throw error;
  } finally {
    await client.disconnect();
  }
}
