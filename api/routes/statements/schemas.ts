// The statements routes' own schemas: the multipart form (documented; the file is read as a
// stream) and the release id of the royalty breakdown. Payloads are in domain/contracts/distribution.ts.
import { z } from 'zod';
import { binarySchema } from '../../openapi';

/** A statement file's size limit: room for a million lines. */
export const MAX_STATEMENT_BYTES = 64 * 1024 * 1024;

export const statementFormSchema = z.object({
  file: binarySchema.describe('The sales statement CSV: period,store,country,identifier,units,amount (amount in whole US cents); see docs/distribution.md'),
});

