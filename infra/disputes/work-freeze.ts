// Reads and writes a work's freeze stream (`work-freeze-<workId>`): whether licensing is frozen,
// and the gate a paid license passes just before it is issued. Every write is decided at the version
// read, and a writer that lost the race decides again on what the other wrote: a freeze appended
// between a purchase's check and its admission makes that admission be refused.
import { isFrozen, workFreezeDecider, type WorkFreezeCommand, type WorkFreezeState } from '../../domain/disputes/work-freeze.decider';
import { workFreezeStreamId, type WorkFreezeEvent } from '../../domain/disputes/work-freeze.events';
import { LICENSING_FROZEN, type LicensingFrozenOf } from '../../domain/licensing/ports';
import type { WorkFrozenOf } from '../../domain/disputes/ports';
import { ConcurrencyError, IllegalStateError } from '../../domain/shared/errors';
import { handleCommand, type CommandContext } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';

/** Lost races in a row before a write gives up (each re-reads the stream). */
const ATTEMPTS = 50;

export async function readWorkFreeze(eventStore: EventStore, workId: string): Promise<WorkFreezeState> {
  const recorded = await eventStore.readStream(workFreezeStreamId(workId));
  return recorded.reduce((state, e) => workFreezeDecider.evolve(state, { type: e.type, data: e.data } as WorkFreezeEvent), workFreezeDecider.initialState);
}

/** Decides one command on the work's freeze stream, again on a lost race, and answers the state after it. */
export async function decideWorkFreeze(eventStore: EventStore, command: WorkFreezeCommand, context: CommandContext): Promise<WorkFreezeState> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await handleCommand(eventStore, workFreezeStreamId(command.data.workId), workFreezeDecider, command, context)).state;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** True while any open case holds the work: read from its events, so a freeze that returned holds at once. */
export function workFrozenOf(eventStore: EventStore): WorkFrozenOf & LicensingFrozenOf {
  return async (workId) => isFrozen(await readWorkFreeze(eventStore, workId));
}

/**
 * The last check before a paid license is issued: admitted when no case holds the work, else
 * `{ admitted: false }` with the refusal to tell the buyer. A retried issue is checked again.
 */
export async function admitLicenseIssue(eventStore: EventStore, input: { workId: string; licenseId: string }, context: CommandContext): Promise<{ admitted: true } | { admitted: false; reason: string }> {
  try {
    await decideWorkFreeze(eventStore, { type: 'AdmitLicenseIssue', data: input }, context);
    return { admitted: true };
  } catch (error) {
    if (error instanceof IllegalStateError && error.message === LICENSING_FROZEN) return { admitted: false, reason: LICENSING_FROZEN };
    throw error;
  }
}

/** The admitted license was issued or failed: a freeze no longer waits for it. */
export async function settleLicenseIssue(eventStore: EventStore, input: { workId: string; licenseId: string }, context: CommandContext): Promise<void> {
  await decideWorkFreeze(eventStore, { type: 'SettleLicenseIssue', data: input }, context);
}
