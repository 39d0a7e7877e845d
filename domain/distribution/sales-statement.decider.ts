// A statement import is summed up once: the same statement id imported again decides nothing.
import { SalesStatementImported, type SalesStatementEvent } from './sales-statement.events';

export interface SalesStatementState {
  imported: boolean;
}

export const initialSalesStatementState: SalesStatementState = { imported: false };

export type SalesStatementCommand = { type: 'RecordStatementImport'; data: Parameters<typeof SalesStatementImported.create>[0] };

export function decideSalesStatement(command: SalesStatementCommand, state: SalesStatementState): SalesStatementEvent[] {
  switch (command.type) {
    case 'RecordStatementImport':
      return state.imported ? [] : [SalesStatementImported.create(command.data)];
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown sales statement command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveSalesStatement(state: SalesStatementState, event: SalesStatementEvent): SalesStatementState {
  switch (event.type) {
    case 'SalesStatementImported':
      return { imported: true };
    default: {
      const unknown: never = event.type;
      throw new Error(`Unknown sales statement event ${JSON.stringify(unknown)}`);
    }
  }
}

export const salesStatementDecider = { decide: decideSalesStatement, evolve: evolveSalesStatement, initialState: initialSalesStatementState };
