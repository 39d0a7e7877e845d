// A registration's ledger status in plain words. "awaiting_submission" means the transaction is
// signed but no ledger is configured to submit it to; the card says so rather than implying it is
// on the XRP Ledger.
import type { z } from 'zod';
import type { explorerLinksSchema } from '../../../../domain/contracts/lifecycle';
import type { VaultItem } from '../../../../domain/contracts/vault';

export type LedgerStatus = NonNullable<VaultItem['registration']>['ledgerStatus'];

export const LEDGER_STATUS_TEXT: Record<LedgerStatus, string> = {
  validated: 'Validated on the XRP Ledger',
  submitted: 'Submitted to the XRP Ledger, awaiting validation',
  awaiting_submission: 'Signed, awaiting ledger submission',
  signed: 'Signed, being submitted to the ledger',
  failed: 'Ledger submission failed',
};

export const LEDGER_STATUS_SEVERITY: Record<LedgerStatus, 'success' | 'info' | 'warning' | 'danger'> = {
  validated: 'success',
  submitted: 'info',
  awaiting_submission: 'warning',
  signed: 'info',
  failed: 'danger',
};

/** Only a transaction that reached a ledger can be looked up in an explorer. */
export function isOnLedger(status: LedgerStatus): boolean {
  return status === 'validated' || status === 'submitted';
}

/** XRPScan, XRPlorer and Bithomp, then XRPL.org's, which only some networks have (`optional`). */
export const EXPLORERS: readonly { key: keyof z.infer<typeof explorerLinksSchema>; name: string; optional?: boolean }[] = [
  { key: 'xrpscan', name: 'XRPScan' },
  { key: 'xrplorer', name: 'XRPlorer' },
  { key: 'bithomp', name: 'Bithomp' },
  { key: 'xrplOrg', name: 'XRPL.org explorer', optional: true },
];

/** A hash as the screens show it: the first 12 characters. */
export function shortTxHash(hash: string): string {
  return hash.slice(0, 12);
}
