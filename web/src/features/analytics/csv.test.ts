// The analytics CSV: RFC 4180 quoting, numbers as they are, formulas defused, and a safe file name.
import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv } from './csv';

describe('analytics CSV', () => {
  it('quotes fields holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvField('Night Drive')).toBe('Night Drive');
    expect(csvField('Drive, Night')).toBe('"Drive, Night"');
    expect(csvField('The "Live" cut')).toBe('"The ""Live"" cut"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
  });

  it('writes numbers as they are, negative ones included, and defuses text a spreadsheet would run', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(0)).toBe('0');
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('joins a header and rows with CRLF, ending in one', () => {
    expect(toCsv(['Store', 'Amount (USD)'], [['Spotify', 6], ['Apple, Inc.', 0.9]])).toBe('Store,Amount (USD)\r\nSpotify,6\r\n"Apple, Inc.",0.9\r\n');
  });

  it('names the file after the table and the period', () => {
    expect(csvFileName('Earnings by store', '90d')).toBe('goose-analytics-earnings-by-store-90d.csv');
  });
});
