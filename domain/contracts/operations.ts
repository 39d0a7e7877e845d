// The operations API (operators only): the ledger steps that failed across all users,
// the workflows that are stuck or failing in Temporal, and the mail outbox. Read by the
// /operations page and `npm run ops`; every list says plainly what it cannot see.
import { z } from 'zod';
import { GRANTABLE_ROLES, ROLES } from './roles';

const iso = z.iso.datetime();

export const failedRegistrationSchema = z.object({
  trackId: z.string(),
  title: z.string(),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  /** The XRPL engine result (tecNO_DST, …); null when the ledger never answered. */
  resultCode: z.string().nullable(),
  reason: z.string(),
  txHash: z.string().nullable(),
  failedAt: iso,
  /** Retries already handed to the workflow. */
  retries: z.number().int(),
});

export const failedAnchorSchema = z.object({
  contractId: z.string(),
  contentId: z.string(),
  contentTitle: z.string(),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  network: z.string(),
  resultCode: z.string().nullable(),
  reason: z.string().nullable(),
  txHash: z.string().nullable(),
  createdAt: iso,
});

export const failedPayoutSchema = z.object({
  contractId: z.string(),
  contentTitle: z.string(),
  ownerId: z.string(),
  runId: z.string(),
  lineIndex: z.number().int(),
  recipient: z.string(),
  amountCents: z.number().int(),
  /** How the line ended: credited in tokens instead, or recorded unpaid. */
  method: z.string().nullable(),
  resultCode: z.string().nullable(),
  reason: z.string(),
  at: iso.nullable(),
});

/** GET /api/ops/ledger-failures */
export const ledgerFailuresResponseSchema = z.object({
  registrations: z.array(failedRegistrationSchema),
  contractAnchors: z.array(failedAnchorSchema),
  payouts: z.array(failedPayoutSchema),
  /** What cannot be retried from here, said plainly. */
  notes: z.array(z.string()),
});
export type LedgerFailuresResponse = z.infer<typeof ledgerFailuresResponseSchema>;

export const troubledWorkflowSchema = z.object({
  workflowId: z.string(),
  runId: z.string(),
  type: z.string(),
  status: z.string(),
  startedAt: iso,
  /** Why it is listed: an activity failing and retrying, an activity pending too long, or the run failed. */
  problem: z.enum(['activity_failing', 'activity_slow', 'run_failed']),
  activity: z.string().nullable(),
  attempt: z.number().int().nullable(),
  lastFailure: z.string().nullable(),
  since: iso.nullable(),
});

/** GET /api/ops/workflows: `reachable` false (and `error` saying why) when Temporal cannot be asked. */
export const workflowsResponseSchema = z.object({
  reachable: z.boolean(),
  error: z.string().nullable(),
  workflows: z.array(troubledWorkflowSchema),
});
export type WorkflowsResponse = z.infer<typeof workflowsResponseSchema>;
export type TroubledWorkflow = z.infer<typeof troubledWorkflowSchema>;

/** GET /api/ops/outbox: the mail written to the outbox instead of being sent (no SMTP_URL). */
export const outboxResponseSchema = z.object({
  transport: z.enum(['smtp', 'outbox']),
  messages: z.array(z.object({ messageId: z.string(), kind: z.string(), to: z.string(), subject: z.string(), link: z.string().nullable(), createdAt: iso })),
  note: z.string(),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

/** POST /api/ops/roles (operators): grant or revoke a role by username, recorded as done by the operator. */
export const roleChangeRequestSchema = z.object({
  username: z.string().trim().min(1, 'Name the user').max(100),
  role: z.enum(GRANTABLE_ROLES, 'role: reviewer, auditor, operator, support or rights_holder (creator is everyone\'s)'),
  action: z.enum(['grant', 'revoke']),
});
export const roleChangeResponseSchema = z.object({
  userId: z.string(),
  username: z.string(),
  /** False when a granted role was already held. */
  changed: z.boolean(),
  roles: z.array(z.enum(ROLES)),
});

/** GET /api/ops/deliveries: releases waiting for the delivery partner (it could not be reached), longest waiting first. */
export const waitingDeliveriesResponseSchema = z.object({
  /** The configured partner's name; null: the sandbox, which never waits. */
  partner: z.string().nullable(),
  waiting: z.array(z.object({ distributionId: z.string(), songName: z.string(), ownerId: z.string(), ownerName: z.string().nullable(), since: iso, reason: z.string() })),
  note: z.string(),
});
export type WaitingDeliveriesResponse = z.infer<typeof waitingDeliveriesResponseSchema>;

/** POST /api/ops/deliveries/:id/retry: the release's workflow tries the delivery again now. */
export const deliveryRetryResponseSchema = z.object({ success: z.literal(true), message: z.string() });
