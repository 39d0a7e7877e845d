// The operations API (operators only: the operator role, or the bootstrap OPS_TOKEN for scripts):
// failed ledger steps across all users, stuck or failing workflows from Temporal, and the mail
// outbox, and releases waiting for the delivery partner (with a Retry that hands the delivery back
// to the release's workflow), and the retry of a track's failed registration (the track's workflow
// runs the ledger step again); the other failures have no retry path and say so. Roles are
// granted here too, so the first reviewers can be made while the app holds its embedded database.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeRoleOfUsername } from '../../../infra/identity/role-grants';
import { listOutbox, outboxDir } from '../../../infra/mail/mailer';
import { noWorkflowMonitor } from '../../../infra/temporal/workflow-monitor';
import { foldRelease } from '../../../domain/distribution/release.decider';
import { releaseStreamId } from '../../../domain/distribution/release.events';
import { listWaitingDeliveries } from '../../../projections/distributions/queries';
import { LEDGER_FAILURE_NOTES, listLedgerFailures } from '../../../projections/operations/queries';
import { findTrack } from '../../../projections/vault/queries';
import { retryFailedRegistration } from '../../../workflows/track-lifecycle/client';
import { noBody } from '../../openapi';
import { requireOperator } from '../../plugins/auth';
import { idParams } from '../shared-schemas';
import { outcomeError } from '../track-commands';
import {
  deliveryRetryResponseSchema,
  ledgerFailuresResponseSchema,
  OUTBOX_LIMIT,
  waitingDeliveriesResponseSchema,
  outboxResponseSchema,
  retryRequestSchema,
  retryResponseSchema,
  roleChangeRequestSchema,
  roleChangeResponseSchema,
  workflowsResponseSchema,
} from './schemas';
import { IllegalStateError, NotFoundError } from '../../../domain/shared/errors';

const security: Array<Record<string, string[]>> = [{ session: [] }, { operatorToken: [] }];
const OPERATOR = { tags: ['operations'], security };

export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const { db, storage, mailer, eventStore, releases, lifecycle, publicOrigin } = deps;
  const monitor = deps.workflowMonitor ?? noWorkflowMonitor;

  app.get(
    '/api/ops/ledger-failures',
    { schema: { summary: 'Operators: failed ledger steps across all users (registrations, contract anchors, payouts) with their result codes', ...OPERATOR, response: { 200: ledgerFailuresResponseSchema } } },
    async (request) => {
      await requireOperator(request);
      return { ...(await listLedgerFailures(db)), notes: LEDGER_FAILURE_NOTES };
    },
  );

  app.get(
    '/api/ops/workflows',
    { schema: { summary: 'Operators: stuck or failing workflows from Temporal (reachable false when Temporal cannot be asked)', ...OPERATOR, response: { 200: workflowsResponseSchema } } },
    async (request) => {
      await requireOperator(request);
      return monitor.troubled();
    },
  );

  app.get(
    '/api/ops/outbox',
    { schema: { summary: 'Operators: mail written to the outbox instead of being sent, newest first', ...OPERATOR, response: { 200: outboxResponseSchema } } },
    async (request) => {
      await requireOperator(request);
      if (mailer.transport === 'smtp') return { transport: 'smtp' as const, messages: [], note: 'Mail is sent through the configured SMTP server (SMTP_URL): nothing waits in the outbox.' };
      const entries = (await listOutbox(outboxDir(storage.root))).reverse().slice(0, OUTBOX_LIMIT);
      return {
        transport: 'outbox' as const,
        messages: entries.map(({ messageId, kind, to, subject, link, createdAt }) => ({ messageId, kind, to, subject, link, createdAt })),
        note: 'No mail server is configured (SMTP_URL is not set): these messages were written to the outbox and never delivered. Send their links to the recipients yourself.',
      };
    },
  );

  app.get(
    '/api/ops/deliveries',
    { schema: { summary: 'Operators: releases waiting for the delivery partner (it could not be reached), longest waiting first', ...OPERATOR, response: { 200: waitingDeliveriesResponseSchema } } },
    async (request) => {
      await requireOperator(request);
      const partner = deps.delivery?.partner ?? null;
      return {
        partner: partner?.name ?? null,
        waiting: await listWaitingDeliveries(db),
        note: partner
          ? `Each waiting release tries ${partner.name} again on its own every 10 minutes; Retry tries now. The creator sees it as waiting for the delivery partner, and its fee is held, not taken.`
          : 'No delivery partner is configured: releases go to the sandbox, which never waits.',
      };
    },
  );

  app.post(
    '/api/ops/deliveries/:id/retry',
    { schema: { summary: 'Operators: a release waiting for the delivery partner tries its delivery again now', ...OPERATOR, params: idParams, body: noBody, response: { 200: deliveryRetryResponseSchema } } },
    async (request) => {
      const operator = await requireOperator(request);
      const release = foldRelease(/^[0-9a-f-]{36}$/i.test(request.params.id) ? await eventStore.readStream(releaseStreamId(request.params.id)) : []);
      if (release.status === 'none') throw new NotFoundError(`No release ${request.params.id}`);
      if (!release.waiting) throw new IllegalStateError('This release is not waiting for the delivery partner');
      await releases.retryDelivery({ distributionId: release.distributionId, ownerId: release.ownerId, correlationId: request.id, actor: `operator:${operator}` });
      request.log.info({ operator, distributionId: release.distributionId }, 'delivery retried by an operator');
      return { success: true as const, message: `"${release.form.songName}" tries its delivery again now` };
    },
  );

  app.post(
    '/api/ops/roles',
    { schema: { summary: 'Operators: grant or revoke a role (reviewer, auditor, operator, support, rights_holder) by username', ...OPERATOR, body: roleChangeRequestSchema, response: { 200: roleChangeResponseSchema } } },
    async (request) => {
      const operator = await requireOperator(request);
      const { username, role, action } = request.body;
      const change = await changeRoleOfUsername(eventStore, action, username, role, `operator:${operator}`);
      if (change.result) await deps.projector.waitFor(change.result.lastPosition);
      request.log.info({ operator, userId: change.userId, role, action, changed: change.changed }, 'role changed by an operator');
      return { userId: change.userId, username: change.username, changed: change.changed, roles: change.roles };
    },
  );

  // Operators: a signed-in user with the operator role, or a script with the bootstrap OPS_TOKEN.
  app.post('/api/ops/tracks/:id/retry-registration', { schema: { summary: 'Operators: retry a failed ledger step of any track', ...OPERATOR, params: idParams, body: retryRequestSchema.default({}), response: { 200: retryResponseSchema } } }, async (request) => {
    const operator = await requireOperator(request);
    const result = await retryFailedRegistration({ findTrack: (trackId) => findTrack(db, trackId), lifecycle }, request.params.id, {
      operator,
      note: request.body.note ?? null,
      publicUrl: publicOrigin(),
      correlationId: request.id,
    });
    if ('refused' in result) throw new IllegalStateError(result.refused);
    const { outcome } = result;
    if (!outcome.ok) throw outcomeError(outcome, outcome.resultCode ? 502 : 422);
    return { success: true as const, ...outcome.value };
  });
};
