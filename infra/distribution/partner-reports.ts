// Reads the delivery partner's sales reports from its reporting folder over SFTP. A report is a CSV
// in the statement format (docs/distribution.md "The CSV format"); each file is known by the
// SHA-256 of its bytes, recorded on the stream `partner-reports-<partnerId>`, so a file read
// before, under this name or any other, is skipped before it reaches the payable statements. A new
// file's lines go to the ImportPayableStatement port (channel partner_report, importedBy
// partner:<id>); a file that is not a valid statement is recorded as refused with its problems and
// logged for the operator. A crash between the port's import and the record hands the same
// checksum to the port again, which answers that it was imported before.
import { createHash } from 'node:crypto';
import { partnerReportsDecider } from '../../domain/distribution/partner-reports.decider';
import { partnerReportsStreamId } from '../../domain/distribution/partner-reports.events';
import { handleCommand } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';
import { logger } from '../logger/logger';
import type { DeliveryPartnerConfig } from './partner-config';
import { withPartnerSftp } from './partner-sftp';
import type { ImportPayableStatement } from './partner-statements';
import { readStatementCsv, StatementCsvError } from './statement-csv';

export interface PartnerReportsDeps {
  partner: DeliveryPartnerConfig;
  eventStore: EventStore;
  importStatement: ImportPayableStatement;
}

export interface CollectedReports {
  imported: { fileName: string; checksum: string; statementId: string; lines: number }[];
  /** Files whose bytes were read before (under any name). */
  skipped: string[];
  refused: { fileName: string; problems: string[] }[];
}

/** Report files: CSV only; anything else in the folder (the partner's own notes, partial uploads) is left alone. */
const REPORT_FILE = /^[^.].*\.csv$/i;

export async function collectPartnerReports({ partner, eventStore, importStatement }: PartnerReportsDeps): Promise<CollectedReports> {
  const streamId = partnerReportsStreamId(partner.id);
  const actor = `partner:${partner.id}`;
  const collected: CollectedReports = { imported: [], skipped: [], refused: [] };
  const seen = new Set((await eventStore.readStream(streamId)).map((event) => (event.data as { checksum: string }).checksum));
  await withPartnerSftp(partner, async (sftp) => {
    const folder = partner.folders.reports;
    const files = (await sftp.list(folder)).filter((entry) => entry.type === '-' && REPORT_FILE.test(entry.name)).sort((a, b) => a.modifyTime - b.modifyTime || a.name.localeCompare(b.name));
    for (const file of files) {
      const bytes = (await sftp.get(`${folder}/${file.name}`)) as Buffer;
      const checksum = createHash('sha256').update(bytes).digest('hex');
      if (seen.has(checksum)) {
        collected.skipped.push(file.name);
        continue;
      }
      seen.add(checksum);
      const context = { correlationId: `partner-report-${checksum}`, actor };
      let lines;
      try {
        lines = await readStatementCsv((async function* () {
          yield bytes;
        })());
      } catch (error) {
        if (!(error instanceof StatementCsvError)) throw error;
        const problems = error.problems.map((p) => `line ${p.lineNumber}: ${p.message}`);
        await handleCommand(eventStore, streamId, partnerReportsDecider, { type: 'RecordReportRefused', data: { partnerId: partner.id, fileName: file.name, checksum, problems, refusedAt: new Date().toISOString() } }, context);
        logger.error({ partner: partner.id, fileName: file.name, checksum, problems }, 'partner sales report refused: not a valid statement CSV');
        collected.refused.push({ fileName: file.name, problems });
        continue;
      }
      const result = await importStatement({
        source: { partnerId: partner.id, channel: 'partner_report', fileName: file.name, checksum, importedBy: actor },
        lines,
        correlationId: context.correlationId,
      });
      await handleCommand(
        eventStore,
        streamId,
        partnerReportsDecider,
        { type: 'RecordReportImported', data: { partnerId: partner.id, fileName: file.name, checksum, statementId: result.statementId, lines: result.lines, amountCents: result.amountCents, importedAt: new Date().toISOString() } },
        context,
      );
      logger.info({ partner: partner.id, fileName: file.name, checksum, statementId: result.statementId, lines: result.lines, alreadyImported: result.alreadyImported }, 'partner sales report imported');
      collected.imported.push({ fileName: file.name, checksum, statementId: result.statementId, lines: result.lines });
    }
  });
  return collected;
}
