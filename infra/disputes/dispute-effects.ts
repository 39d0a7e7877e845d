// What a case does to its work, for the dispute workflow's activities (domain/disputes/ports.ts):
// it freezes the work's licensing (the work's freeze stream) and payouts (a hold on the work's
// royalty contract, which goes `disputed`), lifts them again, pays a resolution's compensation out
// of the contract's pending earnings into the claimant's tokens, tells the owner, and estimates the
// value at stake. Every write is keyed by the disputeId or the compensation's reference, so a
// retried activity repeats nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import type { DisputeEffects } from '../../domain/disputes/ports';
import { licenseDecider, licenseStreamId, type LicenseEvent } from '../../domain/licensing/license.decider';
import { formatCents, pendingCents, royaltyContractDecider, type RoyaltyContractCommand, type RoyaltyContractState } from '../../domain/royalties/royalty-contract.decider';
import { royaltyContractStreamId, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import { ConcurrencyError } from '../../domain/shared/errors';
import type { Queryable } from '../db/db';
import { handleCommand, type CommandContext } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';
import { logger } from '../logger/logger';
import { howTold, mailReachOf } from '../notifications/mail-reach';
import { contractIdFor } from '../royalties/contract-id';
import type { TokenLedger } from '../tokens/token-ledger';
import { decideWorkFreeze, readWorkFreeze, settleLicenseIssue } from './work-freeze';

export interface DisputeEffectsDeps {
  eventStore: EventStore;
  tokenLedger: TokenLedger;
  /** The read models: the work's issued licenses, for the estimated value. */
  db: Queryable;
  /** How long a freeze waits for licenses admitted just before it to finish issuing. */
  admittedIssueWaitMs?: number;
}

const CENTS_TO_MICROS = 10_000;
const ATTEMPTS = 50;
const DEFAULT_ADMITTED_ISSUE_WAIT_MS = 15_000;
const log = logger.child({ module: 'dispute-effects' });

function contextOf(disputeId: string): CommandContext {
  return { correlationId: `dispute-${disputeId}`, actor: 'workflow', workflowId: `dispute-${disputeId}` };
}

export function createDisputeEffects(deps: DisputeEffectsDeps): DisputeEffects {
  const { eventStore, tokenLedger, db } = deps;
  const waitMs = deps.admittedIssueWaitMs ?? DEFAULT_ADMITTED_ISSUE_WAIT_MS;

  /** The work's royalty contract as its events stand, or null when the work has none. */
  async function contractOf(workId: string): Promise<RoyaltyContractState | null> {
    const recorded = await eventStore.readStream(royaltyContractStreamId(contractIdFor(workId)));
    const state = recorded.reduce((s, e) => royaltyContractDecider.evolve(s, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState);
    return state.created ? state : null;
  }

  /** Decides on the contract, again on a lost race (a payout run or earnings written at the same time). */
  async function decideContract(workId: string, command: RoyaltyContractCommand, context: CommandContext): Promise<RoyaltyContractState> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return (await handleCommand(eventStore, royaltyContractStreamId(contractIdFor(workId)), royaltyContractDecider, command, context)).state;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Licenses admitted for issue before the freeze and not yet seen issued or failed: the freeze
   * waits for them (up to `waitMs`) so that once it returns no license of the work is issued.
   * Answers those still issuing when the wait ran out.
   */
  async function settleAdmittedIssues(workId: string, context: CommandContext): Promise<string[]> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const pending: string[] = [];
      for (const licenseId of (await readWorkFreeze(eventStore, workId)).inFlight) {
        const events = (await eventStore.readStream(licenseStreamId(licenseId))).map((e) => ({ type: e.type, data: e.data }) as LicenseEvent);
        const status = events.reduce(licenseDecider.evolve, licenseDecider.initialState).status;
        if (status === 'issued' || status === 'failed' || status === 'refunded') await settleLicenseIssue(eventStore, { workId, licenseId }, context);
        else pending.push(licenseId);
      }
      if (pending.length === 0 || Date.now() >= deadline) return pending;
      await sleep(50);
    }
  }

  return {
    async freeze({ disputeId, workId }) {
      const context = contextOf(disputeId);
      await decideWorkFreeze(eventStore, { type: 'Freeze', data: { workId, disputeId } }, context);
      const contract = await contractOf(workId);
      if (contract) await decideContract(workId, { type: 'HoldForDispute', data: { disputeId } }, context);
      const stillIssuing = await settleAdmittedIssues(workId, context);
      const contractId = contract?.contractId ?? null;
      const parts = [
        'Licensing frozen: no offer, change to an offer or purchase of this work is accepted',
        contractId ? `Payouts frozen: royalty contract ${contractId} is now disputed` : 'No payouts to freeze: this work has no royalty contract',
      ];
      if (stillIssuing.length > 0) parts.push(`${stillIssuing.length} license purchase(s) paid and admitted just before the freeze were still being issued`);
      log.info({ disputeId, workId, contractId, stillIssuing: stillIssuing.length }, 'work frozen');
      return { payoutsFrozen: contractId !== null, licensingFrozen: true, contractId, detail: parts.join('. ') };
    },

    async unfreeze({ disputeId, workId }) {
      const context = contextOf(disputeId);
      const freeze = await decideWorkFreeze(eventStore, { type: 'Lift', data: { workId, disputeId } }, context);
      const contract = await contractOf(workId);
      const after = contract ? await decideContract(workId, { type: 'LiftDisputeHold', data: { disputeId } }, context) : null;
      const others = freeze.heldBy.size;
      const contractId = contract?.contractId ?? null;
      const detail =
        others > 0
          ? `This case's freeze is lifted; ${others} other open dispute(s) still hold the work frozen`
          : contractId
            ? `Licensing and payouts unfrozen: royalty contract ${contractId} is ${after!.status} again`
            : 'Licensing unfrozen (the work has no royalty contract)';
      log.info({ disputeId, workId, contractId, stillHeldBy: others }, 'work freeze lifted');
      return { contractId, detail };
    },

    async compensate({ disputeId, workId, toUserId, amountCents, reference }) {
      const contract = await contractOf(workId);
      if (!contract) {
        return { paidCents: 0, contractId: null, note: `This work has no royalty contract, so there are no pending earnings to pay from: nothing was paid of the ${formatCents(amountCents)} awarded` };
      }
      const context = contextOf(disputeId);
      const state = await decideContract(workId, { type: 'DeductCompensation', data: { disputeId, reference, toUserId, amountCents } }, context);
      // The recorded deduction, not this attempt's: a retry after a crash credits what was deducted then.
      const paidCents = state.compensations.get(reference) ?? 0;
      if (paidCents > 0) {
        await tokenLedger.execute(
          toUserId,
          { type: 'Credit', data: { amountMicros: paidCents * CENTS_TO_MICROS, cause: 'dispute_compensation', reference, description: `Compensation awarded in dispute ${disputeId}` } },
          context,
        );
      }
      log.info({ disputeId, workId, reference, amountCents, paidCents }, 'dispute compensation paid');
      const contractId = contract.contractId;
      const note =
        paidCents === amountCents
          ? null
          : paidCents === 0
            ? `Nothing was pending on royalty contract ${contractId}: nothing was paid of the ${formatCents(amountCents)} awarded`
            : `Only ${formatCents(paidCents)} was pending on royalty contract ${contractId}: that was paid of the ${formatCents(amountCents)} awarded`;
      return { paidCents, contractId, note };
    },

    async notifyOwner({ disputeId, ownerId }) {
      // The notifications read model tells the owner of DisputeFiled in the app, and the mail
      // dispatcher mails it when they have a confirmed address and mail of the kind on: said as it stands.
      const told = howTold(await mailReachOf(eventStore, ownerId, 'dispute_against_you'));
      log.info({ disputeId, ownerId, channel: told.channel }, 'owner told of a dispute');
      return told;
    },

    async estimatedValueCents(workId) {
      const contract = await contractOf(workId);
      const { rows } = await db.query<{ id: string; price_cents: number }>(`SELECT id, price_cents FROM purchased_licenses WHERE work_id = $1 AND status = 'issued'`, [workId]);
      // A sale recorded as the contract's earnings is in its pending already (reference license-<id>).
      const licenseRevenue = rows.filter((row) => !contract?.references.has(`license-${row.id}`)).reduce((sum, row) => sum + Number(row.price_cents), 0);
      return (contract ? Math.max(0, pendingCents(contract)) : 0) + licenseRevenue;
    },
  };
}
