// Given / when / then specification of a statement import's summary: recorded once.
import { describe, expect, it } from 'vitest';
import { decideSalesStatement, evolveSalesStatement, initialSalesStatementState, type SalesStatementCommand } from './sales-statement.decider';

const command: SalesStatementCommand = {
  type: 'RecordStatementImport',
  data: { statementId: 's1', importerId: 'user-1', fileName: 'october.csv', lines: 3, matched: 2, unmatched: 1, duplicates: 0, amountCents: 250, importedAt: '2026-11-26T00:00:00.000Z' },
};

describe('sales statement decider', () => {
  it('given no import, when recorded, then the summary is recorded; given it recorded, then recording again decides nothing', () => {
    const events = decideSalesStatement(command, initialSalesStatementState);
    expect(events).toEqual([{ type: 'SalesStatementImported', data: command.data }]);
    expect(decideSalesStatement(command, events.reduce(evolveSalesStatement, initialSalesStatementState))).toEqual([]);
  });
});
