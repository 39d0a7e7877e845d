// The delivery CSV is read whole or refused with the row and the field named: ISRCs, territories,
// files named twice, and files named but not delivered (or delivered but not named).
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../domain/shared/errors';
import { readDeliveryCsv } from './delivery-csv';

const HEADER = 'file,title,artist,isrc,owner,territories';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
const refused = (text: string, files: string[]) => readDeliveryCsv(text, files).then(() => null, (error: unknown) => (error instanceof ValidationError ? error.message : String(error)));

describe('delivery CSV', () => {
  it('reads every row, normalising ISRCs and territories, with quoted fields and columns in any order', async () => {
    const rows = await readDeliveryCsv(['territories,file,title,artist,isrc,owner', 'worldwide,a.wav,"Night, Drive",Ana,gb-aye-26-00001,Label One', 'gb; ie,b.flac,Second,Ben,USRC17607839,"Label ""Two"""'].join('\n'), ['a.wav', 'b.flac']);
    expect(rows).toEqual([
      { file: 'a.wav', title: 'Night, Drive', artist: 'Ana', isrc: 'GBAYE2600001', owner: 'Label One', territories: ['worldwide'] },
      { file: 'b.flac', title: 'Second', artist: 'Ben', isrc: 'USRC17607839', owner: 'Label "Two"', territories: ['GB', 'IE'] },
    ]);
  });

  it('names the row and the field of a bad ISRC, territory or empty cell', async () => {
    expect(await refused(csv('a.wav,T,A,GBAYE2600001,L,worldwide', 'b.wav,T,A,GB-AYE-26,L,worldwide'), ['a.wav', 'b.wav'])).toMatch(/^CSV row 2 \(line 3\), isrc: "GB-AYE-26" is not an ISRC/);
    expect(await refused(csv('a.wav,T,A,GBAYE2600001,L,GB;XX'), ['a.wav'])).toBe('CSV row 1 (line 2), territories: "XX" is not an ISO 3166 country code (or "worldwide")');
    expect(await refused(csv('a.wav,T,A,GBAYE2600001,L,UK'), ['a.wav'])).toMatch(/territories: "UK" is not an ISO 3166/);
    expect(await refused(csv('a.wav,,A,GBAYE2600001,L,worldwide'), ['a.wav'])).toBe('CSV row 1 (line 2), title: is empty');
    expect(await refused(csv('a.wav,T,A,GBAYE2600001,L,worldwide', 'b.wav,T,A,GBAYE2600001,L,worldwide'), ['a.wav', 'b.wav'])).toBe('CSV row 2 (line 3), isrc: GBAYE2600001 is already on row 1');
    expect(await refused(csv('../a.wav,T,A,GBAYE2600001,L,worldwide'), ['a.wav'])).toMatch(/row 1 .*file: ".*" must be a file name/);
  });

  it('refuses a file named but not delivered, and one delivered but not named', async () => {
    expect(await refused(csv('a.wav,T,A,GBAYE2600001,L,worldwide', 'b.wav,T,A,GBAYE2600002,L,worldwide'), ['a.wav'])).toBe('CSV row 2, file: "b.wav" was not delivered');
    expect(await refused(csv('a.wav,T,A,GBAYE2600001,L,worldwide'), ['a.wav', 'extra.wav'])).toBe('The file "extra.wav" was delivered but no CSV row names it');
  });

  it('refuses a header without the columns, an empty CSV and a row with too few fields', async () => {
    expect(await refused('file,title,artist,isrc,owner\na.wav,T,A,GBAYE2600001,L', ['a.wav'])).toMatch(/no "territories" column/);
    expect(await refused('', [])).toMatch(/^The CSV is empty/);
    expect(await refused(HEADER, [])).toMatch(/names no recordings/);
    expect(await refused(csv('a.wav,T,A,GBAYE2600001,L'), ['a.wav'])).toMatch(/^CSV row 1 \(line 2\): has 5 fields/);
  });
});
