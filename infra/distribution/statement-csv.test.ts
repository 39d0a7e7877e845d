// The statement CSV reader: the documented format is read however the bytes arrive, and every
// problem is refused with its line number.
import { describe, expect, it } from 'vitest';
import { csvRecords, readStatementCsv, StatementCsvError } from './statement-csv';

async function* chunksOf(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const read = (text: string, chunkSize = 7) => readStatementCsv(chunksOf(text, chunkSize));

async function problemsOf(text: string): Promise<string[]> {
  const error = await read(text).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StatementCsvError);
  return (error as StatementCsvError).problems.map((p) => `${p.lineNumber}: ${p.message}`);
}

describe('statement CSV', () => {
  it('reads the documented format in any chunking: stores by id or name, ISRCs without hyphens, cents as integers', async () => {
    const text =
      '\uFEFFperiod,store,country,identifier,units,amount\r\n' +
      '2026-10,Spotify,us,US-GSE-26-00001,1200,480\r\n' +
      '\r\n' +
      '2026-10,apple_music,GB,012345678905,3,297\r\n' +
      '2026-10,"Anghami, Inc.",AE,6f1c2b7e-rel,10,4\n';
    for (const size of [1, 3, 64, 10_000]) {
      expect(await read(text, size)).toEqual([
        { lineNumber: 2, period: '2026-10', store: 'spotify', country: 'US', identifier: 'USGSE2600001', units: 1200, amountCents: 480 },
        { lineNumber: 4, period: '2026-10', store: 'apple_music', country: 'GB', identifier: '012345678905', units: 3, amountCents: 297 },
        { lineNumber: 5, period: '2026-10', store: 'Anghami, Inc.', country: 'AE', identifier: '6f1c2b7e-rel', units: 10, amountCents: 4 },
      ]);
    }
  });

  it('takes the columns in any order', async () => {
    const lines = await read('amount,units,identifier,country,store,period\n15,2,USGSE2600001,FR,deezer,2026-09\n');
    expect(lines).toEqual([{ lineNumber: 2, period: '2026-09', store: 'deezer', country: 'FR', identifier: 'USGSE2600001', units: 2, amountCents: 15 }]);
  });

  it('keeps quoted commas, doubled quotes and line breaks inside a field, counting lines from where each record starts', async () => {
    const records = [];
    for await (const batch of csvRecords(chunksOf('a,"b, ""c""\nd",e\nf,g,h', 2))) records.push(...batch);
    expect(records).toEqual([
      { lineNumber: 1, fields: ['a', 'b, "c"\nd', 'e'] },
      { lineNumber: 3, fields: ['f', 'g', 'h'] },
    ]);
  });

  it('refuses dollars in the amount column, saying amounts are whole cents', async () => {
    expect(await problemsOf('period,store,country,identifier,units,amount\n2026-10,spotify,US,USGSE2600001,12,4.80\n')).toEqual([
      '2: amount "4.80" looks like dollars; amounts are whole US cents (write 1234 for $12.34)',
    ]);
  });

  it('refuses a header naming the amount in another unit', async () => {
    const [problem] = await problemsOf('period,store,country,identifier,units,amount_usd\n');
    expect(problem).toMatch(/^1: the header must be period,store,country,identifier,units,amount, with amount in whole US cents/);
  });

  it('refuses a header with missing or unexpected columns, naming them', async () => {
    expect(await problemsOf('period,store,country,isrc,units,amount\n')).toEqual([
      '1: the header must be period,store,country,identifier,units,amount (missing identifier; unexpected isrc)',
    ]);
  });

  it('lists every bad line with its number and refuses the whole file', async () => {
    const text = [
      'period,store,country,identifier,units,amount',
      '2026-13,spotify,US,USGSE2600001,1,1',
      '2026-10,,US,USGSE2600001,1,1',
      '2026-10,spotify,USA,USGSE2600001,1,1',
      '2026-10,spotify,US,,1,1',
      '2026-10,spotify,US,USGSE2600001,1.5,1',
      '2026-10,spotify,US,USGSE2600001,1,-3',
      '2026-10,spotify,US,USGSE2600001,1',
      '2026-10,spotify,US,USGSE2600001,1,100',
    ].join('\n');
    expect(await problemsOf(text)).toEqual([
      '2: period "2026-13" must be a month written YYYY-MM',
      '3: store is empty',
      '4: country "USA" must be a two-letter ISO 3166 code',
      '5: identifier is empty; give the ISRC, the UPC or the release id',
      '6: units "1.5" must be a whole number of plays or sales, 0 or more',
      '7: amount "-3" is negative; refunds and adjustments are not imported',
      '8: expected 6 fields, found 5',
    ]);
  });

  it('refuses an empty file and an unclosed quote', async () => {
    expect(await problemsOf('')).toEqual(['1: the file is empty; a statement starts with the header period,store,country,identifier,units,amount']);
    expect(await problemsOf('period,store,country,identifier,units,amount\n2026-10,"spotify,US,X,1,1\n')).toEqual(['2: a quoted field is never closed']);
  });

  it('reads 100,000 lines in well under a second', async () => {
    const rows = ['period,store,country,identifier,units,amount'];
    for (let i = 0; i < 100_000; i++) rows.push(`2026-10,spotify,US,USGSE26${String(i % 1000).padStart(5, '0')},${i % 500},${i % 97}`);
    const started = performance.now();
    const lines = await read(rows.join('\n'), 64 * 1024);
    expect(lines).toHaveLength(100_000);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
