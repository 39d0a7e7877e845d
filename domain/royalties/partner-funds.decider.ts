// A partner's funds received: each payment reference counts once, so recording the same bank line
// twice (a retried command, two operators) adds nothing.
import { ValidationError } from '../shared/errors';
import { PartnerFundsReceived, type PartnerFundsEvent } from './partner-funds.events';

export interface PartnerFundsState {
  /** Each recorded reference and the period it funded. */
  references: ReadonlyMap<string, { period: string; amountCents: number }>;
  /** Funds received per period, in cents. */
  fundedByPeriod: ReadonlyMap<string, number>;
}

export const initialPartnerFundsState: PartnerFundsState = { references: new Map(), fundedByPeriod: new Map() };

export type PartnerFundsCommand = { type: 'RecordFundsReceived'; data: Parameters<typeof PartnerFundsReceived.create>[0] };

export function decidePartnerFunds(command: PartnerFundsCommand, state: PartnerFundsState): PartnerFundsEvent[] {
  switch (command.type) {
    case 'RecordFundsReceived':
      return recordFunds(command.data, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown partner funds command ${JSON.stringify(unknown)}`);
    }
  }
}

function recordFunds(data: PartnerFundsCommand['data'], state: PartnerFundsState): PartnerFundsEvent[] {
  if (state.references.has(data.reference)) return [];
  // Sums of cents stay exact only up to 2^53; a period's funds beyond that cannot be reconciled to the cent.
  if ((state.fundedByPeriod.get(data.period) ?? 0) + data.amountCents > Number.MAX_SAFE_INTEGER) {
    throw new ValidationError(`The funds received for ${data.period} would exceed ${Number.MAX_SAFE_INTEGER} cents in all`);
  }
  return [PartnerFundsReceived.create(data)];
}

export function evolvePartnerFunds(state: PartnerFundsState, event: PartnerFundsEvent): PartnerFundsState {
  switch (event.type) {
    case 'PartnerFundsReceived': {
      const { reference, period, amountCents } = event.data;
      return {
        references: new Map(state.references).set(reference, { period, amountCents }),
        fundedByPeriod: new Map(state.fundedByPeriod).set(period, (state.fundedByPeriod.get(period) ?? 0) + amountCents),
      };
    }
    default: {
      const unknown: never = event.type;
      throw new Error(`Unknown partner funds event ${JSON.stringify(unknown)}`);
    }
  }
}

export const partnerFundsDecider = { decide: decidePartnerFunds, evolve: evolvePartnerFunds, initialState: initialPartnerFundsState };
