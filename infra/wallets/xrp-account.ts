// Reads an XRP Ledger account's XRP balance with xrpl.js (account_info on the validated ledger),
// so payments into a user's address are seen. An account nobody has funded yet does not exist on
// the ledger (actNotFound): its balance is 0.
import { Client, dropsToXrp, RippledError } from 'xrpl';

const REQUEST_TIMEOUT_MS = 10_000;

/** The ledger could not be asked (unreachable, or an error other than an unfunded account). */
export class XrplUnreachableError extends Error {
  override readonly name = 'XrplUnreachableError';
}

export interface XrpAccountReader {
  readonly url: string;
  /** The account's balance in XRP; 0 for an account not on the ledger yet. */
  balanceXrp(address: string): Promise<number>;
}

export function xrpAccountReader(url: string): XrpAccountReader {
  return {
    url,
    async balanceXrp(address) {
      const client = new Client(url, { timeout: REQUEST_TIMEOUT_MS, connectionTimeout: REQUEST_TIMEOUT_MS });
      // The client reports socket errors as events too; the request's own rejection is what counts.
      client.on('error', () => undefined);
      try {
        await client.connect();
        const response = await client.request({ command: 'account_info', account: address, ledger_index: 'validated' });
        return Number(dropsToXrp(response.result.account_data.Balance));
      } catch (error) {
        if (error instanceof RippledError && (error.data as { error?: string } | undefined)?.error === 'actNotFound') return 0;
        throw new XrplUnreachableError(`Could not read the XRP balance from ${url}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await client.disconnect().catch(() => undefined);
      }
    },
  };
}
