// Where payable statement claims meet the money a partner actually paid (docs/royalties.md "Where
// royalty money comes from"): a partner's funds received are recorded on its stream once per
// reference, and each (partner, period) is reconciled by its decider, which records what the funds
// release to each claim. Every recorded release is then sent to the royalty earnings sink under a
// reference derived from it (the contract adds a reference once) and marked delivered; a release
// recorded but not delivered (a crash, a content without a contract yet, a failing sink) is sent
// again by the period's next run, so nothing is released twice and nothing released is lost.
import { partnerFundsDecider } from '../../domain/royalties/partner-funds.decider';
import { partnerStreamId, PartnerFundsReceived, type PartnerFundsEvent } from '../../domain/royalties/partner-funds.events';
import type { RoyaltyEarningsSink } from '../../domain/royalties/ports';
import { reconciliationDecider, type ReconciliationCommand, type ReconciliationState, type ReleaseItem } from '../../domain/royalties/reconciliation.decider';
import { reconciliationStreamId, releaseReference, type PayableClaim } from '../../domain/royalties/reconciliation.events';
import { handleCommandWithRetry, type CommandContext } from '../eventstore/command-handler';
import { comparePositions, type EventStore, type GlobalPosition } from '../eventstore/event-store';
import { logger } from '../logger/logger';

const APPEND_ATTEMPTS = 8;
const SINK_CONCURRENCY = 8;

export interface ReconciliationDeps {
  eventStore: EventStore;
  /** The royalty contracts; null: releases are recorded and wait, undelivered, until one is connected. */
  earnings: RoyaltyEarningsSink | null;
}

/** A (partner, period) after a run. */
export interface PeriodReconciliation {
  partnerId: string;
  period: string;
  claimedCents: number;
  fundedCents: number;
  releasedCents: number;
  /** Claimed beyond the funds: stays pending, unreconciled. */
  unreconciledCents: number;
  /** Released to contracts by this run (including earlier releases it delivered). */
  deliveredCents: number;
  /** Released but not on a contract yet: content without a contract, or a sink that failed; the next run sends it again. */
  undeliveredCents: number;
  lastPosition: GlobalPosition | null;
}

export interface RecordedFunds {
  /** False when the reference was recorded before: nothing was added. */
  recorded: boolean;
  reconciliation: PeriodReconciliation;
  message: string;
}

/** The funds a partner paid for a period, summed over its references. */
export async function fundedCents(eventStore: EventStore, partnerId: string, period: string): Promise<number> {
  const events = await eventStore.readStream(partnerStreamId(partnerId));
  const state = events.reduce((s, e) => partnerFundsDecider.evolve(s, { type: e.type, data: e.data } as PartnerFundsEvent), partnerFundsDecider.initialState);
  return state.fundedByPeriod.get(period) ?? 0;
}

/**
 * Records new claims of a (partner, period), releases what its funds allow, and delivers every
 * release not delivered yet. Safe to run any number of times, concurrently too.
 */
export async function reconcilePeriod(deps: ReconciliationDeps, partnerId: string, period: string, claims: readonly PayableClaim[], context: CommandContext): Promise<PeriodReconciliation> {
  const streamId = reconciliationStreamId(partnerId, period);
  let lastPosition: GlobalPosition | null = null;
  const later = (position: GlobalPosition | undefined) => {
    if (position && (!lastPosition || comparePositions(position, lastPosition) > 0)) lastPosition = position;
  };
  const funded = await fundedCents(deps.eventStore, partnerId, period);
  const command: ReconciliationCommand = { type: 'Reconcile', data: { partnerId, period, claims, fundedCents: funded } };
  const decided = await handleCommandWithRetry(deps.eventStore, streamId, reconciliationDecider, command, context, APPEND_ATTEMPTS);
  later(decided.result?.lastPosition);
  let state = decided.state;

  const { delivered, deliveredCents } = await deliver(deps.earnings, partnerId, period, [...state.undelivered.values()], context);
  if (delivered.length > 0) {
    const marked = await handleCommandWithRetry(deps.eventStore, streamId, reconciliationDecider, { type: 'RecordDelivered', data: { partnerId, period, delivered } }, context, APPEND_ATTEMPTS);
    later(marked.result?.lastPosition);
    state = marked.state;
  }
  return summary(partnerId, period, state, funded, deliveredCents, lastPosition);
}

function summary(partnerId: string, period: string, state: ReconciliationState, funded: number, deliveredCents: number, lastPosition: GlobalPosition | null): PeriodReconciliation {
  const undeliveredCents = [...state.undelivered.values()].reduce((sum, item) => sum + item.amountCents, 0);
  return {
    partnerId,
    period,
    claimedCents: state.claimedCents,
    fundedCents: funded,
    releasedCents: state.releasedCents,
    unreconciledCents: state.claimedCents - state.releasedCents,
    deliveredCents,
    undeliveredCents,
    lastPosition,
  };
}

async function deliver(sink: RoyaltyEarningsSink | null, partnerId: string, period: string, items: ReleaseItem[], context: CommandContext) {
  const delivered: Array<{ releaseId: number; batchId: string; contentId: string; contractId: string }> = [];
  let deliveredCents = 0;
  if (!sink || items.length === 0) return { delivered, deliveredCents };
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        const { contractId } = await sink.record(
          {
            contentId: item.contentId,
            ownerId: item.ownerId,
            amountCents: item.amountCents,
            source: 'distribution_statement',
            reference: releaseReference(partnerId, period, item.releaseId, item.batchId, item.contentId),
            description: `${partnerId} statement ${period}, funded: "${item.title}"`,
            period,
          },
          { correlationId: context.correlationId, actor: context.actor },
        );
        if (!contractId) continue;
        delivered.push({ releaseId: item.releaseId, batchId: item.batchId, contentId: item.contentId, contractId });
        deliveredCents += item.amountCents;
      } catch (error) {
        logger.warn({ err: error, partnerId, period, releaseId: item.releaseId, contentId: item.contentId }, 'released earnings not recorded on the contract; the next reconciliation sends them again');
      }
    }
  };
  await Promise.all(Array.from({ length: SINK_CONCURRENCY }, worker));
  return { delivered, deliveredCents };
}

/** Records a partner's payment for a period (once per reference) and reconciles the period. */
export async function recordPartnerFunds(
  deps: ReconciliationDeps,
  input: { partnerId: string; amountCents: number; period: string; reference: string; recordedBy: string },
  context: CommandContext,
): Promise<RecordedFunds> {
  const data = PartnerFundsReceived.create({ ...input, currency: 'USD' }).data;
  const { events } = await handleCommandWithRetry(deps.eventStore, partnerStreamId(input.partnerId), partnerFundsDecider, { type: 'RecordFundsReceived', data }, context, APPEND_ATTEMPTS);
  const reconciliation = await reconcilePeriod(deps, input.partnerId, input.period, [], context);
  const recorded = events.length > 0;
  logger.info({ ...input, recorded, reconciliation }, recorded ? 'partner funds recorded' : 'partner funds reference recorded before; nothing added');
  return { recorded, reconciliation, message: describeFunds(recorded, input.reference, reconciliation, deps.earnings !== null) };
}

export const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function describeFunds(recorded: boolean, reference: string, r: PeriodReconciliation, connected: boolean): string {
  const parts = [recorded ? `Funds recorded for ${r.partnerId}, ${r.period}.` : `Reference ${reference} was recorded before; nothing was added.`];
  parts.push(describeReconciliation(r, connected));
  return parts.join(' ');
}

export function describeReconciliation(r: PeriodReconciliation, connected: boolean): string {
  const parts = [`${r.partnerId} ${r.period}: ${dollars(r.claimedCents)} claimed, ${dollars(r.fundedCents)} funded, ${dollars(r.releasedCents)} released to royalty contracts.`];
  if (r.unreconciledCents > 0) parts.push(`${dollars(r.unreconciledCents)} stays pending, unreconciled, until the partner's funds for the period cover it.`);
  if (r.undeliveredCents > 0) {
    parts.push(
      connected
        ? `${dollars(r.undeliveredCents)} released belongs to content without a royalty contract or could not be recorded; it is sent again by the period's next reconciliation.`
        : `${dollars(r.undeliveredCents)} released waits: no royalty contract service is connected to this server.`,
    );
  }
  return parts.join(' ');
}
