// Events of one data export (stream `account-export-<exportId>`): the user asked for an archive of
// their own events and documents, the export workflow reported each step, and the archive was
// written to the file store (or could not be). The read model `account_exports` folds them.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

export const ACCOUNT_EXPORT_STEPS = ['streams', 'events', 'documents', 'archive'] as const;
export type AccountExportStep = (typeof ACCOUNT_EXPORT_STEPS)[number];

export const AccountExportRequested = defineEvent(
  'AccountExportRequested',
  1,
  z.object({ exportId: z.uuid(), userId: z.uuid(), requestedAt: z.iso.datetime(), stepsTotal: z.number().int().positive() }),
);

/** A step of the export finished; `stepsDone` counts the steps finished so far. */
export const AccountExportProgressed = defineEvent(
  'AccountExportProgressed',
  1,
  z.object({ exportId: z.uuid(), step: z.enum(ACCOUNT_EXPORT_STEPS), stepsDone: z.number().int().positive(), detail: z.string().max(300) }),
);

export const AccountExportCompleted = defineEvent(
  'AccountExportCompleted',
  1,
  z.object({
    exportId: z.uuid(),
    /** The archive's name in the file store (infra/storage), under uploads/. */
    storedName: z.string().min(1),
    sizeBytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    streamCount: z.number().int().nonnegative(),
    eventCount: z.number().int().nonnegative(),
    documentCount: z.number().int().nonnegative(),
    completedAt: z.iso.datetime(),
  }),
);

export const AccountExportFailed = defineEvent('AccountExportFailed', 1, z.object({ exportId: z.uuid(), reason: z.string().min(1).max(500), failedAt: z.iso.datetime() }));

export const accountExportEventDefinitions = [AccountExportRequested, AccountExportProgressed, AccountExportCompleted, AccountExportFailed] as const;

export type AccountExportEvent =
  | ReturnType<typeof AccountExportRequested.create>
  | ReturnType<typeof AccountExportProgressed.create>
  | ReturnType<typeof AccountExportCompleted.create>
  | ReturnType<typeof AccountExportFailed.create>;

export function accountExportStreamId(exportId: string): string {
  return `account-export-${exportId}`;
}
