// Operators' payable money (docs/royalties.md "Where royalty money comes from"; operators only:
// the operator role, or the bootstrap OPS_TOKEN): import a delivery partner's sales statement
// naming the partner (payable lines, once per file checksum), record what the partner actually paid
// for a period (once per reference), and list claimed, funded, released and unreconciled per
// partner and period. Funded money reaches the royalty contracts only through the reconciliation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postgresReleaseLookup } from '../../../infra/distribution/release-lookup';
import { payableStatementImporter } from '../../../infra/distribution/statement-import';
import { recordPartnerFunds, type PeriodReconciliation } from '../../../infra/royalties/reconciliation';
import { listPartnerPeriods } from '../../../projections/reconciliation/queries';
import { requireOperator } from '../../plugins/auth';
import { readStatementUpload } from '../statements/upload';
import { partnerIdParamsSchema, payableImportResponseSchema, reconciliationListSchema, recordFundsRequestSchema, recordFundsResponseSchema, statementFormSchema } from './schemas';

const security: Array<Record<string, string[]>> = [{ session: [] }, { operatorToken: [] }];
const OPERATOR = { tags: ['operations'], security };
/** How long an answer waits for the read models, so the operations page that follows shows it. */
const READ_MODEL_WAIT_MS = 60_000;

const run = (r: PeriodReconciliation) => ({
  partnerId: r.partnerId,
  period: r.period,
  claimed: r.claimedCents,
  funded: r.fundedCents,
  released: r.releasedCents,
  unreconciled: r.unreconciledCents,
  undelivered: r.undeliveredCents,
});

export const partnerStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, releaseLookup, royaltyEarnings } = app.services;
  const releases = releaseLookup ?? postgresReleaseLookup(db);
  const earnings = royaltyEarnings ?? null;
  const importPayable = payableStatementImporter({ eventStore, releases, earnings });

  app.post(
    '/api/ops/partners/:partnerId/statements',
    {
      schema: {
        summary: "Operators: import a delivery partner's sales statement CSV as payable (once per file checksum); it pays only up to the partner's funds received",
        ...OPERATOR,
        consumes: ['multipart/form-data'],
        params: partnerIdParamsSchema,
        body: statementFormSchema.optional(),
        response: { 200: payableImportResponseSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(request);
      const { partnerId } = request.params;
      const { lines, fileName, checksum } = await readStatementUpload(request);
      const imported = await importPayable({ source: { partnerId, channel: 'operator_import', fileName, checksum, importedBy: `operator:${operator}` }, lines, correlationId: request.id });
      if (imported.lastPosition) await projector.waitFor(imported.lastPosition, READ_MODEL_WAIT_MS).catch((error: unknown) => request.log.warn({ err: error }, 'payable read models still catching up'));
      request.log.info({ operator, partnerId, statementId: imported.statementId, alreadyImported: imported.alreadyImported }, 'payable statement imported by an operator');
      return {
        statementId: imported.statementId,
        alreadyImported: imported.alreadyImported,
        lines: imported.lines,
        matched: imported.matched,
        unmatched: imported.unmatched,
        duplicates: imported.duplicates,
        amount: imported.amountCents,
        checksum,
        unmatchedLines: imported.unmatchedLines,
        periods: imported.periods.map(run),
        message: imported.message,
      };
    },
  );

  app.post(
    '/api/ops/partners/:partnerId/funds',
    {
      schema: {
        summary: 'Operators: record what a delivery partner actually paid for a period (once per reference); releases its claims up to the funds',
        ...OPERATOR,
        params: partnerIdParamsSchema,
        body: recordFundsRequestSchema,
        response: { 200: recordFundsResponseSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(request);
      const { partnerId } = request.params;
      const { amountCents, period, reference } = request.body;
      const funds = await recordPartnerFunds({ eventStore, earnings }, { partnerId, amountCents, period, reference, recordedBy: `operator:${operator}` }, { correlationId: request.id, actor: `operator:${operator}` });
      if (funds.reconciliation.lastPosition) await projector.waitFor(funds.reconciliation.lastPosition, READ_MODEL_WAIT_MS).catch((error: unknown) => request.log.warn({ err: error }, 'payable read models still catching up'));
      return { recorded: funds.recorded, reconciliation: run(funds.reconciliation), message: funds.message };
    },
  );

  app.get(
    '/api/ops/reconciliation',
    { schema: { summary: 'Operators: per delivery partner and period, what its statements claimed, what it paid, what was released to contracts and what stays unreconciled', ...OPERATOR, response: { 200: reconciliationListSchema } } },
    async (request) => {
      await requireOperator(request);
      return {
        periods: await listPartnerPeriods(db),
        note: 'Only funded money becomes royalty earnings: a period releases its claims pro rata up to the funds received for it; the rest stays unreconciled until the partner pays it.',
      };
    },
  );
};
