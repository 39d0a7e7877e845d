// Sales statements (docs/distribution.md "Sales statements"): importing a distributor's CSV (its
// lines matched to the signed-in creator's releases, each line once across all imports, matched
// money handed to the royalty contracts), the creator's imports with their unmatched lines, and
// one release's royalty breakdown by store.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importStatementResponseSchema, royaltyBreakdownSchema, statementListSchema } from '../../../domain/contracts/distribution';
import { ValidationError } from '../../../domain/shared/errors';
import { postgresReleaseLookup } from '../../../infra/distribution/release-lookup';
import { readStatementCsv, StatementCsvError } from '../../../infra/distribution/statement-csv';
import { importStatement } from '../../../infra/distribution/statement-import';
import { findRoyaltyBreakdown, listStatements, listUnmatchedLines } from '../../../projections/statements/queries';
import type { AppDeps } from '../../app';
import { requireUserId } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { MAX_STATEMENT_BYTES, releaseParamsSchema, statementFormSchema } from './schemas';

const MAX_MB = MAX_STATEMENT_BYTES / 1024 / 1024;
/** How long an import's answer waits for the read models, so the list that follows shows it. */
const READ_MODEL_WAIT_MS = 60_000;

export const statementRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, eventStore, projector, releaseLookup, royaltyEarnings }) => {
  const releases = releaseLookup ?? postgresReleaseLookup(db);
  app.post(
    '/api/tunecore/statements',
    {
      schema: {
        summary: `Import a sales statement CSV (at most ${MAX_MB} MB): each line once, matched to your releases, the money to their contracts`,
        tags: ['distribution'],
        consumes: ['multipart/form-data'],
        body: statementFormSchema.optional(),
        response: { 200: importStatementResponseSchema },
      },
    },
    async (request) => {
      const importerId = requireUserId(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the statement as a multipart/form-data form with the CSV in "file"');
      const part = await request.file({ limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 5 } });
      if (!part) throw new ValidationError('No file selected; send the statement CSV as "file"');
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new ValidationError(`Unexpected file field "${part.fieldname}"; send the statement CSV as "file"`);
      }
      let lines;
      try {
        lines = await readStatementCsv(part.file);
      } catch (error) {
        part.file.resume();
        if (part.file.truncated) throw new HttpError(413, `Statement too large: the limit is ${MAX_MB} MB`);
        if (error instanceof StatementCsvError) throw new ValidationError(error.message);
        throw error;
      }
      if (part.file.truncated) throw new HttpError(413, `Statement too large: the limit is ${MAX_MB} MB`);
      if (lines.length === 0) throw new ValidationError('The statement has a header but no lines');
      const fileName = (part.filename || 'statement.csv').slice(0, 300);
      const imported = await importStatement(
        { eventStore, releases, earnings: royaltyEarnings ?? null },
        { importerId, fileName, lines, correlationId: request.id },
      );
      if (imported.lastPosition) {
        await projector.waitFor(imported.lastPosition, READ_MODEL_WAIT_MS).catch((error: unknown) => request.log.warn({ err: error }, 'statement read models still catching up'));
      }
      const more = imported.statement.unmatched - imported.unmatchedLines.length;
      const message = more > 0 ? `${imported.message} The first ${imported.unmatchedLines.length} unmatched lines are listed here.` : imported.message;
      return { success: true as const, statement: imported.statement, unmatchedLines: imported.unmatchedLines, message };
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
        summary: 'A release\'s royalties from imported statements: total cents and streams, by store',
        tags: ['distribution'],
        params: releaseParamsSchema,
        response: { 200: royaltyBreakdownSchema },
      },
    },
    async (request) => {
      const ownerId = requireUserId(request);
      const { id } = request.params;
      const release = (await releases.find([id])).get(id);
      // Another creator's release answers exactly as a missing one.
      if (!release || release.distributionId !== id || release.ownerId !== ownerId) throw new HttpError(404, 'Release not found');
      return { royalties: await findRoyaltyBreakdown(db, id, ownerId) };
    },
  );
};
