// What the data export workflow, its activities and its callers share: one workflow per export
// (`account-export-<exportId>`), its input, and its steps in order, so the Temporal workflow and
// the in-process runner of the route tests take the same path.

export function accountExportWorkflowId(exportId: string): string {
  return `account-export-${exportId}`;
}

export interface AccountExportInput {
  exportId: string;
  userId: string;
  correlationId: string;
  actor: string;
}

export type AccountExportOutcome = { kind: 'ready'; storedName: string } | { kind: 'failed'; reason: string };

/** The activities an export needs (the workflow's proxies, or the functions themselves in-process). */
export interface AccountExportSteps {
  /** Finds the user's streams, copies their events, renders their documents and writes the zip to the file store, reporting each step. */
  buildAccountArchive(input: AccountExportInput): Promise<{ storedName: string }>;
  /** Records that the export could not be made, and why. */
  failAccountExport(input: AccountExportInput, reason: string): Promise<void>;
}

/** One export: build the archive, or record in plain words why it could not be built. */
export async function executeAccountExport(steps: AccountExportSteps, input: AccountExportInput, reasonOf: (error: unknown) => string): Promise<AccountExportOutcome> {
  try {
    const { storedName } = await steps.buildAccountArchive(input);
    return { kind: 'ready', storedName };
  } catch (error) {
    const reason = reasonOf(error);
    await steps.failAccountExport(input, reason);
    return { kind: 'failed', reason };
  }
}
