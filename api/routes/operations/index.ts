// The operations API (operators only: the operator role, or the bootstrap OPS_TOKEN for scripts):
// failed ledger steps across all users, stuck or failing workflows from Temporal, and the mail
// outbox. Retrying a failed registration is POST /api/ops/tracks/:id/retry-registration
// (api/routes/lifecycle/copyright.ts); the other failures have no retry path and say so. Roles are
// granted here too, so the first reviewers can be made while the app holds its embedded database.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeRoleOfUsername } from '../../../infra/identity/role-grants';
import { listOutbox, outboxDir } from '../../../infra/mail/mailer';
import { noWorkflowMonitor } from '../../../infra/temporal/workflow-monitor';
import { LEDGER_FAILURE_NOTES, listLedgerFailures } from '../../../projections/operations/queries';
import type { AppDeps } from '../../app';
import { requireOperator } from '../../plugins/auth';
import { ledgerFailuresResponseSchema, OUTBOX_LIMIT, outboxResponseSchema, roleChangeRequestSchema, roleChangeResponseSchema, workflowsResponseSchema } from './schemas';

const security: Array<Record<string, string[]>> = [{ session: [] }, { operatorToken: [] }];
const OPERATOR = { tags: ['operations'], security };

export const operationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, storage, mailer, eventStore } = deps;
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

  app.post(
    '/api/ops/roles',
    { schema: { summary: 'Operators: grant or revoke a role (reviewer, auditor, operator) by username', ...OPERATOR, body: roleChangeRequestSchema, response: { 200: roleChangeResponseSchema } } },
    async (request) => {
      const operator = await requireOperator(request);
      const { username, role, action } = request.body;
      const change = await changeRoleOfUsername(eventStore, action, username, role, `operator:${operator}`);
      if (change.result) await deps.projector.waitFor(change.result.lastPosition);
      request.log.info({ operator, userId: change.userId, role, action, changed: change.changed }, 'role changed by an operator');
      return { userId: change.userId, username: change.username, changed: change.changed, roles: change.roles };
    },
  );
};
