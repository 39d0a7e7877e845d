// A delivery partner's report files, known by checksum: a file whose bytes were imported or
// refused before decides nothing, whatever its name.
import { PartnerReportImported, PartnerReportRefused, type PartnerReportEvent } from './partner-reports.events';

type Data<E extends PartnerReportEvent['type']> = Extract<PartnerReportEvent, { type: E }>['data'];

export type PartnerReportCommand = { type: 'RecordReportImported'; data: Data<'PartnerReportImported'> } | { type: 'RecordReportRefused'; data: Data<'PartnerReportRefused'> };

export interface PartnerReportsState {
  /** Checksums of the files read, with the name each was first read under. */
  seen: ReadonlyMap<string, string>;
}

export const initialPartnerReportsState: PartnerReportsState = { seen: new Map() };

export function decidePartnerReports(command: PartnerReportCommand, state: PartnerReportsState): PartnerReportEvent[] {
  if (state.seen.has(command.data.checksum)) return [];
  switch (command.type) {
    case 'RecordReportImported':
      return [PartnerReportImported.create(command.data)];
    case 'RecordReportRefused':
      return [PartnerReportRefused.create(command.data)];
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled partner report command ${(unhandled as PartnerReportCommand).type}`);
    }
  }
}

export function evolvePartnerReports(state: PartnerReportsState, event: PartnerReportEvent): PartnerReportsState {
  switch (event.type) {
    case 'PartnerReportImported':
    case 'PartnerReportRefused':
      return { seen: new Map(state.seen).set(event.data.checksum, event.data.fileName) };
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled partner report event ${(unhandled as PartnerReportEvent).type}`);
    }
  }
}

export const partnerReportsDecider = { decide: decidePartnerReports, evolve: evolvePartnerReports, initialState: initialPartnerReportsState };
