// How the data export and deletion sections word things: an export's progress and size, and the
// settings page's summary of what an export holds.
import { ACCOUNT_EXPORT_STEP_LABELS, type AccountExport } from '../../../../domain/contracts/account-data';
import { ACCOUNT_EXPORT_STEPS } from '../../../../domain/account-data/account-export.events';

export const EXPORT_HOLDS = 'An archive (zip) of your own records: every event of your account, tracks, works, contracts, releases, statements, offers, licenses, disputes and API keys as JSON lines, plus your certificates and license certificates as PDF and signed JSON, and your contracts\' signed terms. Secrets such as your password hash are left out.';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "Step 2 of 4: Collecting your events" while running; the outcome once finished. */
export function exportProgressLabel(item: AccountExport): string {
  if (item.status === 'ready') return 'Ready to download';
  if (item.status === 'failed') return `Failed: ${item.failureReason ?? 'the archive could not be built'}`;
  const next = ACCOUNT_EXPORT_STEPS[Math.min(item.stepsDone, item.stepsTotal - 1)]!;
  return `Step ${Math.min(item.stepsDone + 1, item.stepsTotal)} of ${item.stepsTotal}: ${ACCOUNT_EXPORT_STEP_LABELS[next]}`;
}

export function exportPercent(item: AccountExport): number {
  return Math.round((item.stepsDone / item.stepsTotal) * 100);
}

/** What a ready archive holds, in a line. */
export function exportContents(item: AccountExport): string {
  const parts = [item.eventCount === null ? null : `${item.eventCount} events`, item.documentCount === null ? null : `${item.documentCount} documents`, item.sizeBytes === null ? null : formatBytes(item.sizeBytes)];
  return parts.filter((part) => part !== null).join(' · ');
}
