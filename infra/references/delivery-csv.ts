// Reads the CSV of metadata that comes with a delivery of reference recordings (docs/reference-
// catalogues.md): the header `file,title,artist,isrc,owner,territories` (any order), one row per
// recording. Every row is validated (ISRC format, ISO 3166 territory codes or "worldwide", no file
// named twice), and the files the CSV names must be exactly the files delivered. The first problem
// refuses the whole delivery with a message naming the row and the field, so nothing is half-ingested.
import { REFERENCE_CSV_COLUMNS } from '../../domain/contracts/references';
import { ISRC_PATTERN, MAX_REFERENCES_PER_DELIVERY } from '../../domain/references/reference-delivery.events';
import { parseTerritories } from '../../domain/references/territories';
import { ValidationError } from '../../domain/shared/errors';
import { csvRecords, StatementCsvError, type CsvRecord } from '../distribution/statement-csv';

/** A CSV larger than this is not metadata. */
export const MAX_DELIVERY_CSV_BYTES = 1024 * 1024;

export interface DeliveryCsvRow {
  file: string;
  title: string;
  artist: string;
  /** Upper case, without hyphens. */
  isrc: string;
  owner: string;
  territories: string[];
}

type Column = (typeof REFERENCE_CSV_COLUMNS)[number];

const TEXT_LIMIT = 300;

/** The CSV's rows, validated against the files delivered; a ValidationError names the first problem's row and field. */
export async function readDeliveryCsv(csv: string | Buffer, deliveredFiles: readonly string[]): Promise<DeliveryCsvRow[]> {
  if (Buffer.byteLength(csv) > MAX_DELIVERY_CSV_BYTES) throw new ValidationError(`The CSV is larger than ${MAX_DELIVERY_CSV_BYTES / 1024} KB`);
  const records: CsvRecord[] = [];
  try {
    for await (const batch of csvRecords(asChunks(csv))) records.push(...batch);
  } catch (error) {
    if (error instanceof StatementCsvError) throw new ValidationError(`CSV line ${error.problems[0]?.lineNumber ?? '?'}: a quoted field is never closed`);
    throw error;
  }
  const [header, ...lines] = records;
  if (!header) throw new ValidationError(`The CSV is empty: its first line must name the columns ${REFERENCE_CSV_COLUMNS.join(',')}`);
  const order = readHeader(header.fields);
  if (lines.length === 0) throw new ValidationError('The CSV names no recordings: add one row per file');
  if (lines.length > MAX_REFERENCES_PER_DELIVERY) throw new ValidationError(`A delivery holds at most ${MAX_REFERENCES_PER_DELIVERY} recordings; split it`);

  const rows: DeliveryCsvRow[] = [];
  const rowOfFile = new Map<string, number>();
  const rowOfIsrc = new Map<string, number>();
  lines.forEach((record, index) => {
    const row = index + 1;
    const at = (field: Column, problem: string) => new ValidationError(`CSV row ${row} (line ${record.lineNumber}), ${field}: ${problem}`);
    if (record.fields.length !== REFERENCE_CSV_COLUMNS.length) throw new ValidationError(`CSV row ${row} (line ${record.lineNumber}): has ${record.fields.length} fields, the header ${REFERENCE_CSV_COLUMNS.length}`);
    const cell = (column: Column) => record.fields[order[column]]!.trim();
    for (const column of REFERENCE_CSV_COLUMNS) {
      const value = cell(column);
      if (value === '') throw at(column, 'is empty');
      if (value.length > TEXT_LIMIT) throw at(column, `is longer than ${TEXT_LIMIT} characters`);
      // eslint-disable-next-line no-control-regex -- control characters are what is refused
      if (/[\u0000-\u001f\u007f]/.test(value)) throw at(column, 'must not contain control characters');
    }
    const file = cell('file');
    if (file.includes('/') || file.includes('\\') || file === '.' || file === '..') throw at('file', `"${file}" must be a file name, not a path`);
    const earlierFile = rowOfFile.get(file);
    if (earlierFile !== undefined) throw at('file', `"${file}" is already named on row ${earlierFile}`);
    rowOfFile.set(file, row);
    const isrc = cell('isrc').replaceAll('-', '').toUpperCase();
    if (!ISRC_PATTERN.test(isrc)) throw at('isrc', `"${cell('isrc')}" is not an ISRC (two letters, three letters or digits, then seven digits: CC-XXX-YY-NNNNN)`);
    const earlierIsrc = rowOfIsrc.get(isrc);
    if (earlierIsrc !== undefined) throw at('isrc', `${isrc} is already on row ${earlierIsrc}`);
    rowOfIsrc.set(isrc, row);
    const territories = parseTerritories(cell('territories'));
    if ('problem' in territories) throw at('territories', territories.problem);
    rows.push({ file, title: cell('title'), artist: cell('artist'), isrc, owner: cell('owner'), territories: territories.territories });
  });

  const delivered = new Set(deliveredFiles);
  const missing = rows.find((r) => !delivered.has(r.file));
  if (missing) throw new ValidationError(`CSV row ${rowOfFile.get(missing.file)}, file: "${missing.file}" was not delivered`);
  const unnamed = deliveredFiles.find((name) => !rowOfFile.has(name));
  if (unnamed !== undefined) throw new ValidationError(`The file "${unnamed}" was delivered but no CSV row names it`);
  return rows;
}

async function* asChunks(csv: string | Buffer): AsyncGenerator<string | Buffer> {
  yield csv;
}

function readHeader(fields: string[]): Record<Column, number> {
  const names = fields.map((f) => f.trim().toLowerCase());
  const order = {} as Record<Column, number>;
  for (const column of REFERENCE_CSV_COLUMNS) {
    const at = names.indexOf(column);
    if (at < 0) throw new ValidationError(`The CSV's header has no "${column}" column: it must name ${REFERENCE_CSV_COLUMNS.join(',')}`);
    order[column] = at;
  }
  const extra = names.find((name) => !(REFERENCE_CSV_COLUMNS as readonly string[]).includes(name));
  if (extra !== undefined) throw new ValidationError(`The CSV's header has an unknown column "${extra}": it must name ${REFERENCE_CSV_COLUMNS.join(',')}`);
  return order;
}
