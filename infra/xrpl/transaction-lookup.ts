// Looks a registration transaction up on any rippled server by hash, with no platform account or
// key: what an outside verifier (`npm run verify-proof`) needs to check a proof's ledger claim.
import { Client, RippledError } from 'xrpl';
import type { LedgerLookup, LedgerTransactionRecord } from '../../domain/proofs/verify-bundle';
import { ledgerTransactionOf } from './ledger';

const CONNECT_TIMEOUT_MS = 10_000;

/** A lookup through the rippled WebSocket at `url`; null when the server does not hold the transaction. */
export function xrplTransactionLookup(url: string): LedgerLookup {
  return async (txHash: string): Promise<LedgerTransactionRecord | null> => {
    const client = new Client(url, { connectionTimeout: CONNECT_TIMEOUT_MS });
    await client.connect();
    try {
      const { result } = await client.request({ command: 'tx', transaction: txHash });
      return ledgerTransactionOf(result);
    } catch (error) {
      if (error instanceof RippledError && (error.data as { error?: string } | undefined)?.error === 'txnNotFound') return null;
      throw error;
    } finally {
      await client.disconnect();
    }
  };
}
