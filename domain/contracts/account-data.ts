// HTTP payloads of the settings page's last two sections: exporting one's data (an archive built by
// a workflow, with its progress) and deleting one's account (what blocks it, and the confirmation).
import { z } from 'zod';
import { DELETION_BLOCKER_KINDS } from '../account-data/deletion-rules';
import { ACCOUNT_EXPORT_STEPS } from '../account-data/account-export.events';

export const ACCOUNT_EXPORT_STATUSES = ['running', 'ready', 'failed'] as const;
export type AccountExportStatus = (typeof ACCOUNT_EXPORT_STATUSES)[number];

/** How each step of an export reads while it runs. */
export const ACCOUNT_EXPORT_STEP_LABELS: Record<(typeof ACCOUNT_EXPORT_STEPS)[number], string> = {
  streams: 'Finding your records',
  events: 'Collecting your events',
  documents: 'Rendering your documents',
  archive: 'Writing the archive',
};

export const accountExportSchema = z.object({
  id: z.string(),
  status: z.enum(ACCOUNT_EXPORT_STATUSES),
  stepsDone: z.number().int().nonnegative(),
  stepsTotal: z.number().int().positive(),
  /** The last step finished, and what it found; null before the first. */
  lastStep: z.enum(ACCOUNT_EXPORT_STEPS).nullable(),
  detail: z.string().nullable(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  /** Once ready: the archive's size and what it holds. */
  sizeBytes: z.number().int().nonnegative().nullable(),
  eventCount: z.number().int().nonnegative().nullable(),
  documentCount: z.number().int().nonnegative().nullable(),
  failureReason: z.string().nullable(),
  /** Where the owner downloads it once ready; null before. */
  downloadUrl: z.string().nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const accountExportListSchema = z.object({ exports: z.array(accountExportSchema) });
export const accountExportStartedSchema = z.object({ export: accountExportSchema });

export const deletionBlockerSchema = z.object({ kind: z.enum(DELETION_BLOCKER_KINDS), reason: z.string() });
export type DeletionBlockerView = z.infer<typeof deletionBlockerSchema>;

/** GET /api/account/deletion: whether the account can be deleted now, and what blocks it. */
export const deletionStatusSchema = z.object({ canDelete: z.boolean(), blockers: z.array(deletionBlockerSchema), username: z.string() });
export type DeletionStatus = z.infer<typeof deletionStatusSchema>;

/** The typed confirmation: the user types their own username. */
export const deleteAccountRequestSchema = z.object({
  password: z.string().min(1, 'Enter your password').max(1024),
  confirmation: z.string().min(1, 'Type your username to confirm').max(64),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true), message: z.string() });

/** Said wherever deletion is offered, and in docs/account-data.md: no more than the server does. */
export const DELETION_CONSEQUENCES = {
  removed: [
    'You are signed out everywhere and can no longer sign in.',
    'Your username is shown as "Deleted user" on your account, in the public registry and on the marketplace; the name stays reserved so no one can take it over.',
    'Your confirmed e-mail address is removed: nothing is mailed to you again.',
    'Your API keys are revoked, your license offers withdrawn from the marketplace, and your data export archives deleted.',
  ],
  kept: [
    'Registered works, their proofs and certificates stay verifiable: proofs are public records on the XRP Ledger, and signed documents (certificates, licenses, contract terms) keep the name they were signed with.',
    'Royalty contracts, licenses others bought and closed disputes stay as records for the other parties, with the names recorded at the time.',
    'The event store is append-only: the events you recorded, including your username, are kept and not erased. Only the read models the app shows are cleared.',
  ],
} as const;
