// Reads a statement CSV sent as multipart "file" (a creator's upload or an operator's import):
// the parsed lines, the file's name and the SHA-256 of its bytes (a payable file is imported once
// per checksum), or the clear 4xx each way it can be wrong.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../../domain/shared/errors';
import { readStatementCsv, StatementCsvError, type StatementLine } from '../../../infra/distribution/statement-csv';
import { HttpError } from '../../plugins/error-handler';
import { MAX_STATEMENT_BYTES } from './schemas';

const MAX_MB = MAX_STATEMENT_BYTES / 1024 / 1024;

export interface StatementUpload {
  lines: StatementLine[];
  fileName: string;
  /** SHA-256 (hex) of the file's bytes. */
  checksum: string;
}

export async function readStatementUpload(request: FastifyRequest): Promise<StatementUpload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the statement as a multipart/form-data form with the CSV in "file"');
  const part = await request.file({ limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 5 } });
  if (!part) throw new ValidationError('No file selected; send the statement CSV as "file"');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new ValidationError(`Unexpected file field "${part.fieldname}"; send the statement CSV as "file"`);
  }
  const digest = createHash('sha256');
  async function* hashed() {
    for await (const chunk of part!.file as AsyncIterable<Buffer>) {
      digest.update(chunk);
      yield chunk;
    }
  }
  let lines;
  try {
    lines = await readStatementCsv(hashed());
  } catch (error) {
    part.file.resume();
    if (part.file.truncated) throw new HttpError(413, `Statement too large: the limit is ${MAX_MB} MB`);
    if (error instanceof StatementCsvError) throw new ValidationError(error.message);
    throw error;
  }
  if (part.file.truncated) throw new HttpError(413, `Statement too large: the limit is ${MAX_MB} MB`);
  if (lines.length === 0) throw new ValidationError('The statement has a header but no lines');
  return { lines, fileName: (part.filename || 'statement.csv').slice(0, 300), checksum: digest.digest('hex') };
}
