// Given / when / then: a partner's report is recorded once by its checksum, under any name.
import { describe, expect, it } from 'vitest';
import { decidePartnerReports, evolvePartnerReports, initialPartnerReportsState, type PartnerReportCommand } from './partner-reports.decider';

const checksum = 'a'.repeat(64);
const imported: PartnerReportCommand = {
  type: 'RecordReportImported',
  data: { partnerId: 'acme', fileName: 'sales_2026-10.csv', checksum, statementId: 's1', lines: 3, amountCents: 480, importedAt: '2026-11-28T00:00:00.000Z' },
};

describe('partner reports decider', () => {
  it('given nothing, when a report is imported, then it is recorded; the same bytes under another name, imported or refused, decide nothing', () => {
    const events = decidePartnerReports(imported, initialPartnerReportsState);
    expect(events.map((e) => e.type)).toEqual(['PartnerReportImported']);
    const state = events.reduce(evolvePartnerReports, initialPartnerReportsState);
    expect(decidePartnerReports({ ...imported, data: { ...imported.data, fileName: 'copy of sales.csv' } }, state)).toEqual([]);
    expect(decidePartnerReports({ type: 'RecordReportRefused', data: { partnerId: 'acme', fileName: 'x.csv', checksum, problems: ['bad'], refusedAt: imported.data.importedAt } }, state)).toEqual([]);
    expect(decidePartnerReports({ ...imported, data: { ...imported.data, checksum: 'b'.repeat(64) } }, state)).toHaveLength(1);
  });
});
