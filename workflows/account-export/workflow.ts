// The data export workflow (id `account-export-<exportId>`): one long activity builds the archive
// (retried a few times: every step it records is keyed, so a retry records nothing twice), and a
// failure for good is recorded on the export so its owner sees why.
import { ActivityFailure, proxyActivities } from '@temporalio/workflow';
import type { AccountExportActivities } from './activities';
import { executeAccountExport, type AccountExportInput, type AccountExportOutcome } from './shared';

const retry = { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;
const build = proxyActivities<AccountExportActivities>({ startToCloseTimeout: '15 minutes', heartbeatTimeout: '1 minute', retry: { ...retry, maximumAttempts: 3 } });
const record = proxyActivities<AccountExportActivities>({ startToCloseTimeout: '30 seconds', retry });

/** The cause's own message (ours are plain), never a stack. */
function reasonOf(error: unknown): string {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return `The archive could not be built: ${message}`.slice(0, 500);
}

export async function accountExport(input: AccountExportInput): Promise<AccountExportOutcome> {
  return executeAccountExport({ buildAccountArchive: build.buildAccountArchive, failAccountExport: record.failAccountExport }, input, reasonOf);
}
