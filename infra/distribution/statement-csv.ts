// Reads a sales statement CSV (docs/distribution.md "Sales statements") as it streams in: the
// header `period,store,country,identifier,units,amount` (any order), one line per period, store,
// country and release, `amount` in whole US cents. Every problem is reported with its line number,
// and a statement with any problem is refused whole, so a half-read file never lands.
import { STORES } from '../../domain/distribution/catalogue';

export const STATEMENT_COLUMNS = ['period', 'store', 'country', 'identifier', 'units', 'amount'] as const;
type Column = (typeof STATEMENT_COLUMNS)[number];

/** One validated line of a statement, its money in integer cents. */
export interface StatementLine {
  /** The line's number in the file (the header is line 1). */
  lineNumber: number;
  /** YYYY-MM. */
  period: string;
  /** A store id from the catalogue when the name is one of ours, else the name as written. */
  store: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** An ISRC (upper case, without hyphens), a UPC/EAN, or a release id. */
  identifier: string;
  units: number;
  amountCents: number;
}

export interface StatementProblem {
  lineNumber: number;
  message: string;
}

/** The statement was refused: its problems, the first `MAX_PROBLEMS` of them, each with its line. */
export class StatementCsvError extends Error {
  constructor(
    readonly problems: StatementProblem[],
    readonly moreProblems: number,
  ) {
    const listed = problems.map((p) => `line ${p.lineNumber}: ${p.message}`).join('; ');
    super(`The statement was not imported: ${listed}${moreProblems > 0 ? `; and ${moreProblems} more problems` : ''}`);
  }
}

export const MAX_PROBLEMS = 20;
export const MAX_STATEMENT_LINES = 1_000_000;
/** A line's amount may not exceed ten million dollars: larger is a unit mistake, not a sale. */
const MAX_AMOUNT_CENTS = 1_000_000_000;
const MAX_UNITS = 2_147_483_647;

const STORE_BY_NAME = new Map<string, string>(STORES.flatMap((s) => [[s.id, s.id], [s.name.toLowerCase(), s.id]]));

export interface CsvRecord {
  lineNumber: number;
  fields: string[];
}

/**
 * Splits CSV text into records (RFC 4180: quoted fields, doubled quotes, CRLF or LF) with the line
 * each starts on, handed on as batches (one per chunk read) rather than one await per record.
 */
export async function* csvRecords(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<CsvRecord[]> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let line = 1;
  let first = true;
  const take = (final: boolean): CsvRecord[] => {
    const records: CsvRecord[] = [];
    let at = 0;
    let quote = -2;
    while (at < pending.length) {
      const newline = pending.indexOf('\n', at);
      if (newline < 0 && !final) break;
      const end = newline < 0 ? pending.length : newline;
      // The next quote, looked for again only once passed (a search per line would rescan the chunk).
      if (quote !== -1 && quote < at) quote = pending.indexOf('"', at);
      let fields: string[];
      let next: number;
      let lines = 1;
      if (quote < 0 || quote > end) {
        // The common case: a record on one line without quotes.
        const text = pending.charCodeAt(end - 1) === 13 ? pending.slice(at, end - 1) : pending.slice(at, end);
        fields = text.split(',');
        next = end + 1;
      } else {
        const record = quotedRecord(pending, at, final);
        if (!record) {
          if (final) throw new StatementCsvError([{ lineNumber: line, message: 'a quoted field is never closed' }], 0);
          break;
        }
        ({ fields, next, lines } = record);
      }
      if (fields.length > 1 || fields[0]!.trim() !== '') records.push({ lineNumber: line, fields });
      line += lines;
      at = next;
    }
    pending = pending.slice(at);
    return records;
  };
  for await (const chunk of chunks) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    pending += text;
    const records = take(false);
    if (records.length > 0) yield records;
  }
  pending += decoder.decode();
  const records = take(true);
  if (records.length > 0) yield records;
}

/** Reads one record that holds quotes, from `start`; null when it does not end inside `text` (more is to come). */
function quotedRecord(text: string, start: number, final: boolean): { fields: string[]; next: number; lines: number } | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let lines = 1;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        quoted = false;
        afterQuote = true;
      } else {
        if (c === '\n') lines++;
        field += c;
      }
    } else if (c === '"') {
      // A doubled quote inside a quoted field is one quote; a quote opening a field starts quoting.
      if (afterQuote) field += '"';
      quoted = true;
      afterQuote = false;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      afterQuote = false;
    } else if (c === '\n') {
      fields.push(field.endsWith('\r') && !afterQuote ? field.slice(0, -1) : field);
      return { fields, next: i + 1, lines };
    } else if (!(c === '\r' && afterQuote)) {
      field += c;
    }
  }
  if (quoted || !final) return null;
  fields.push(field.endsWith('\r') && !afterQuote ? field.slice(0, -1) : field);
  return { fields, next: text.length, lines };
}

/** Reads a whole statement; throws StatementCsvError listing the problems if it has any. */
export async function readStatementCsv(chunks: AsyncIterable<Buffer | string>): Promise<StatementLine[]> {
  const problems: StatementProblem[] = [];
  let moreProblems = 0;
  const problem = (lineNumber: number, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ lineNumber, message });
    else moreProblems++;
  };
  const lines: StatementLine[] = [];
  /** Where each of STATEMENT_COLUMNS sits in the file, in STATEMENT_COLUMNS' order. */
  let columns: number[] | null = null;
  for await (const records of csvRecords(chunks)) {
    for (const record of records) {
      if (!columns) {
        columns = readHeader(record.fields, record.lineNumber);
        continue;
      }
      if (lines.length >= MAX_STATEMENT_LINES) throw new StatementCsvError([{ lineNumber: record.lineNumber, message: `a statement holds at most ${MAX_STATEMENT_LINES.toLocaleString('en-US')} lines; split the file` }], 0);
      if (record.fields.length !== STATEMENT_COLUMNS.length) {
        problem(record.lineNumber, `expected ${STATEMENT_COLUMNS.length} fields, found ${record.fields.length}`);
        continue;
      }
      const parsed = readLine(record.lineNumber, columns.map((index) => record.fields[index]!.trim()));
      if (typeof parsed === 'string') problem(record.lineNumber, parsed);
      else lines.push(parsed);
    }
  }
  if (!columns) throw new StatementCsvError([{ lineNumber: 1, message: `the file is empty; a statement starts with the header ${STATEMENT_COLUMNS.join(',')}` }], 0);
  if (problems.length > 0) throw new StatementCsvError(problems, moreProblems);
  return lines;
}

function readHeader(fields: string[], lineNumber: number): number[] {
  const names = fields.map((f) => f.trim().toLowerCase());
  const expected = `the header must be ${STATEMENT_COLUMNS.join(',')}`;
  if (names.some((n) => n === 'amount_usd' || n === 'amount_cents' || n === 'usd' || n === 'cents')) {
    throw new StatementCsvError([{ lineNumber, message: `${expected}, with amount in whole US cents (found ${fields.join(',')})` }], 0);
  }
  const columns = new Map<Column, number>();
  const unknown: string[] = [];
  names.forEach((name, index) => {
    const column = STATEMENT_COLUMNS.find((c) => c === name);
    if (column && !columns.has(column)) columns.set(column, index);
    else unknown.push(fields[index]!);
  });
  const missing = STATEMENT_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length > 0 || unknown.length > 0) {
    const said = [missing.length > 0 ? `missing ${missing.join(', ')}` : '', unknown.length > 0 ? `unexpected ${unknown.join(', ')}` : ''].filter(Boolean).join('; ');
    throw new StatementCsvError([{ lineNumber, message: `${expected} (${said})` }], 0);
  }
  return STATEMENT_COLUMNS.map((c) => columns.get(c)!);
}

function readLine(lineNumber: number, values: string[]): StatementLine | string {
  const [period, storeText, countryText, identifierText, unitsText, amountText] = values as [string, string, string, string, string, string];
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) return `period "${period}" must be a month written YYYY-MM`;
  if (storeText === '') return 'store is empty';
  const store = STORE_BY_NAME.get(storeText.toLowerCase()) ?? storeText;
  const country = countryText.toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return `country "${countryText}" must be a two-letter ISO 3166 code`;
  const identifier = normalizeIdentifier(identifierText);
  if (identifier === '') return 'identifier is empty; give the ISRC, the UPC or the release id';
  if (identifier.length > 64) return 'identifier is longer than 64 characters';
  if (!/^\d+$/.test(unitsText) || Number(unitsText) > MAX_UNITS) return `units "${unitsText}" must be a whole number of plays or sales, 0 or more`;
  const amount = readCents(amountText);
  if (typeof amount === 'string') return amount;
  return { lineNumber, period, store, country, identifier, units: Number(unitsText), amountCents: amount };
}

function readCents(text: string): number | string {
  if (/^\d+$/.test(text)) {
    const cents = Number(text);
    return cents > MAX_AMOUNT_CENTS ? `amount ${text} cents is more than $${(MAX_AMOUNT_CENTS / 100).toLocaleString('en-US')} on one line` : cents;
  }
  if (/^-/.test(text)) return `amount "${text}" is negative; refunds and adjustments are not imported`;
  if (/^\$?\d*[.,]\d+$/.test(text)) return `amount "${text}" looks like dollars; amounts are whole US cents (write 1234 for $12.34)`;
  return `amount "${text}" must be a whole number of US cents (1234 for $12.34)`;
}

/** ISRCs are compared without hyphens or spaces and in upper case; other identifiers as written. */
export function normalizeIdentifier(text: string): string {
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(compact) ? compact : text.trim();
}
