// Sales statements (docs/distribution.md "Sales statements"): a creator's upload of a CSV, which
// is SELF-REPORTED (its lines matched to the creator's own releases and recorded as an estimate,
// never royalty money: docs/royalties.md "Where royalty money comes from"), the creator's uploads
// with their unmatched lines, and one release's royalty breakdown by store with the payable money
// (claimed by the delivery partner, released by its funds, unreconciled) beside the estimate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importStatementResponseSchema, royaltyBreakdownSchema, statementListSchema } from '../../../domain/contracts/distribution';
import { postgresReleaseLookup } from '../../../infra/distribution/release-lookup';
import { importStatement } from '../../../infra/distribution/statement-import';
import { findPayableOfContent } from '../../../projections/reconciliation/queries';
import { findRoyaltyBreakdown, listStatements, listUnmatchedLines } from '../../../projections/statements/queries';
import { requireUserId } from '../../plugins/auth';
import { idParams } from '../shared-schemas';
import { MAX_STATEMENT_BYTES, statementFormSchema } from './schemas';
import { readStatementUpload } from './upload';
import { NotFoundError } from '../../../domain/shared/errors';

const MAX_MB = MAX_STATEMENT_BYTES / 1024 / 1024;
/** How long an import's answer waits for the read models, so the list that follows shows it. */
const READ_MODEL_WAIT_MS = 60_000;

export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, releaseLookup, creatorShareOf } = app.services;
  const releases = releaseLookup ?? postgresReleaseLookup(db);
  app.post(
    '/api/tunecore/statements',
    {
      schema: {
        summary: `Upload a sales statement CSV (at most ${MAX_MB} MB) as self-reported: each line once, matched to your releases, an estimate that never becomes royalty money`,
        tags: ['distribution'],
        consumes: ['multipart/form-data'],
        body: statementFormSchema.optional(),
        response: { 200: importStatementResponseSchema },
      },
    },
    async (request) => {
      const importerId = requireUserId(request);
      const { lines, fileName } = await readStatementUpload(request);
      const imported = await importStatement({ eventStore, releases }, { importerId, fileName, lines, correlationId: request.id });
      if (imported.lastPosition) {
        await projector.waitFor(imported.lastPosition, READ_MODEL_WAIT_MS).catch((error: unknown) => request.log.warn({ err: error }, 'statement read models still catching up'));
      }
      const more = imported.statement.unmatched - imported.unmatchedLines.length;
      const message = more > 0 ? `${imported.message} The first ${imported.unmatchedLines.length} unmatched lines are listed here.` : imported.message;
      return { success: true as const, selfReported: true, statement: imported.statement, unmatchedLines: imported.unmatchedLines.map((line) => ({ ...line, selfReported: true })), message };
    },
  );

  app.get(
    '/api/tunecore/statements',
    { schema: { summary: 'Your imported sales statements, newest first, and the lines no release of yours matched', tags: ['distribution'], response: { 200: statementListSchema } } },
    async (request) => {
      const importerId = requireUserId(request);
      const [statements, unmatchedLines] = await Promise.all([listStatements(db, importerId), listUnmatchedLines(db, importerId)]);
      return { statements, unmatchedLines };
    },
  );

  app.get(
    '/api/tunecore/distributions/:id/royalties',
    {
      schema: {
        summary: 'A release\'s royalties by store: self-reported (your uploads, an estimate) apart from payable (the delivery partner\'s statements: released by its funds, or unreconciled)',
        tags: ['distribution'],
        params: idParams,
        response: { 200: royaltyBreakdownSchema },
      },
    },
    async (request) => {
      const ownerId = requireUserId(request);
      const { id } = request.params;
      const release = (await releases.find([id])).get(id);
      // Another creator's release answers exactly as a missing one.
      if (!release || release.distributionId !== id || release.ownerId !== ownerId) throw new NotFoundError('Release not found');
      const [statements, payable, share] = await Promise.all([findRoyaltyBreakdown(db, id, ownerId), findPayableOfContent(db, release.contentId, ownerId), creatorShareOf(release.contentId)]);
      return {
        royalties: {
          distributionId: id,
          ...statements,
          releasedAmount: payable.released,
          unreconciledAmount: payable.unreconciled,
          unreconciledShare: Math.floor((payable.unreconciled * share) / 100),
        },
      };
    },
  );
};
