// The port between a delivery partner's reporting channel and the payable statements: whoever reads
// a partner's sales reports (the SFTP reporting folder) hands each report's lines here, and only
// lines that arrive this way, or through an operator's import naming the partner, can ever become
// royalty money (docs/royalties.md "Where royalty money comes from"). Implemented by
// `payableStatementImporter` in ./statement-import.ts.
import type { StatementLine } from './statement-csv';

/** Where a payable statement came from, kept with each of its lines. */
export interface PayableStatementSource {
  /** The delivery partner the statement is from (its configured id). */
  partnerId: string;
  /** partner_report: read from the partner's reporting folder; operator_import: uploaded by an operator naming the partner. */
  channel: 'partner_report' | 'operator_import';
  fileName: string;
  /** SHA-256 (hex) of the file's bytes: a file is imported once whatever its name. */
  checksum: string;
  /** The operator's user id or name, or `partner:<partnerId>` for the reporting channel. */
  importedBy: string;
}

export interface ImportedPayableStatement {
  statementId: string;
  /** True when a file with the same checksum was imported before: nothing changed. */
  alreadyImported: boolean;
  lines: number;
  matched: number;
  unmatched: number;
  amountCents: number;
  message: string;
}

export type ImportPayableStatement = (input: { source: PayableStatementSource; lines: readonly StatementLine[]; correlationId: string }) => Promise<ImportedPayableStatement>;
