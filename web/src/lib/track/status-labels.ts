// Plain-words labels for a vault item's statuses: the master status
// badge, where its XRPL registration stands, and the external sync success rate.
import { masterStatusBadge, type MasterBadgeSeverity } from './master-status';
import { isOnLedger, type LedgerStatus } from './ledger-status';

export { isOnLedger };

/** 'GOOSE: Processing' / 'GOOSE: Complete' / ...; any other value is shown as it is. */
export function masterStatusLabel(status: string): string {
  return masterStatusBadge(status).label;
}

export function masterStatusSeverity(status: string): MasterBadgeSeverity {
  return masterStatusBadge(status).severity;
}

/**
 * Where the registration transaction is. A transaction that is only signed (no ledger was
 * configured to submit it to) is said to be exactly that: it is not on any chain.
 */
export function ledgerStatusLabel(status: LedgerStatus | string): string {
  switch (status) {
    case 'validated':
      return 'Validated on the XRP Ledger';
    case 'submitted':
      return 'Submitted to the XRP Ledger, awaiting validation';
    case 'awaiting_submission':
      return 'Signed, awaiting ledger submission';
    case 'signed':
      return 'Signed, not yet submitted';
    case 'failed':
      return 'Ledger submission failed';
    default:
      return status;
  }
}

export function ledgerStatusSeverity(status: LedgerStatus | string): 'success' | 'info' | 'warning' | 'danger' {
  if (status === 'validated') return 'success';
  if (status === 'submitted') return 'info';
  if (status === 'failed') return 'danger';
  return 'warning';
}

/**
 * The sync success rate as a percentage. The contract leaves the scale open, so a value that is
 * the fraction of successful results (0..1) is scaled; a value already in percent is kept.
 */
export function syncSuccessPercent(successRate: number, results: readonly { success: boolean }[]): number {
  if (results.length > 0 && successRate <= 1) {
    const fraction = results.filter((result) => result.success).length / results.length;
    if (Math.abs(fraction - successRate) < 0.005) return Math.round(fraction * 1000) / 10;
  }
  return Math.round(successRate * 10) / 10;
}
