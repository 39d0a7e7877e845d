// CSV export of the analytics tables (RFC 4180: fields with a comma, quote or line break are quoted,
// quotes doubled; lines end in CRLF). No CSV library is installed, so the quoting lives here with
// its test. A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed
// with an apostrophe: track titles are the creator's own text, and a file opened in a spreadsheet
// must not run any of it. Numbers are written as they are.

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(head: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [head, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A file name safe on every system: "Earnings by store" for 90d → "goose-analytics-earnings-by-store-90d.csv". */
export function csvFileName(title: string, period: string): string {
  const slug = `${title}-${period}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `goose-analytics-${slug}.csv`;
}

/** Saves `csv` as a download (a UTF-8 byte order mark first, so spreadsheets read accents right). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
