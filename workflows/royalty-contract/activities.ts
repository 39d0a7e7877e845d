// The royalty contract's activities. A payout run is planned (the run decided once with its lines,
// from the content's receivers and the contract's split), each line paid through the PayoutExecutor
// port and then marked paid, and the run completed. Every write goes through the contract's decider;
// the executor pays a (run, line) once, so a worker that dies between paying and recording pays
// nothing more when the activity runs again.
import { Context } from '@temporalio/activity';
import type { UserNames } from '../../domain/identity/ports';
import type { PayoutExecutor, ReceiversOf, SplitPayout } from '../../domain/royalties/ports';
import {
  formatCents,
  pendingCents,
  royaltyContractDecider,
  type RoyaltyContractCommand,
  type RoyaltyContractState,
} from '../../domain/royalties/royalty-contract.decider';
import { royaltyContractStreamId, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import { DomainError } from '../../domain/shared/errors';
import type { Queryable } from '../../infra/db/db';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { EventStore } from '../../infra/eventstore/event-store';
import { storedUserNames } from '../../infra/identity/user-names';
import { logger } from '../../infra/logger/logger';
import { payoutRunId, type ContractSchedule, type PayoutPlan, type PayoutRequest } from './shared';
import { currentWorkflowIdOrNull } from '../activity-context';

export interface RoyaltyContractActivityDeps {
  eventStore: EventStore;
  db: Queryable;
  receiversOf: ReceiversOf;
  payoutExecutor: PayoutExecutor;
  splitPayout: SplitPayout;
  /** The creator's name on a payout line; the users read model, else the creator's stream, when absent. */
  userNames?: UserNames;
}

export interface PayLinesInput {
  contractId: string;
  runId: string;
  correlationId: string;
  actor: string;
}

const log = logger.child({ module: 'royalty-contract' });

/** How often a running payout line tells Temporal its worker is alive. */
const HEARTBEAT_EVERY_MS = 2_000;

/**
 * Runs a line's payment while heartbeating, so a worker killed mid-payment is noticed after the
 * heartbeat timeout (seconds) rather than the line's whole time budget. Outside an activity (the
 * in-process client) it just runs.
 */
async function whileHeartbeating<T>(work: () => Promise<T>): Promise<T> {
  let context: Context;
  try {
    context = Context.current();
  } catch {
    return work();
  }
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), HEARTBEAT_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** The workflow's id when running as an activity; null when called in-process. */
export function createRoyaltyContractActivities(deps: RoyaltyContractActivityDeps) {
  const { eventStore, receiversOf, payoutExecutor, splitPayout } = deps;
  const names = deps.userNames ?? storedUserNames(deps.db, eventStore);

  async function load(contractId: string): Promise<RoyaltyContractState> {
    const events = await eventStore.readStream(royaltyContractStreamId(contractId));
    return events.reduce((state, e) => royaltyContractDecider.evolve(state, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState);
  }

  function run(contractId: string, command: RoyaltyContractCommand, context: { correlationId: string; actor: string }) {
    return handleCommand(eventStore, royaltyContractStreamId(contractId), royaltyContractDecider, command, { ...context, workflowId: currentWorkflowIdOrNull() });
  }

  return {
    async contractSchedule(contractId: string): Promise<ContractSchedule | null> {
      const state = await load(contractId);
      return state.created ? { status: state.status, schedule: state.distributionSchedule } : null;
    },

    /** Decides the run (started with its lines) or says why nothing is paid. A repeated request finds its run. */
    async planPayoutRun(contractId: string, request: PayoutRequest): Promise<PayoutPlan> {
      const runId = payoutRunId(contractId, request.requestId);
      const state = await load(contractId);
      if (!state.created || !state.ownerId || !state.contentId) return { kind: 'none', message: 'This royalty contract does not exist' };
      const existing = state.runs.get(runId);
      if (existing) return { kind: 'run', runId, lineCount: existing.lines.length };
      if (state.status !== 'active') return { kind: 'none', message: `The contract is ${state.status}; payouts run only while it is active` };
      const pending = pendingCents(state);
      const amountCents = request.amountCents ?? pending;
      if (pending <= 0) return { kind: 'none', message: 'Nothing is pending: no earnings have been recorded since the last payout' };
      if (amountCents > pending) return { kind: 'none', message: `The amount of ${formatCents(amountCents)} is more than the ${formatCents(pending)} pending` };
      if (request.trigger !== 'distribute' && amountCents < state.minimumThreshold) {
        return { kind: 'none', message: `Pending earnings of ${formatCents(amountCents)} are below the contract's minimum of ${formatCents(state.minimumThreshold)}; nothing was paid` };
      }
      const receivers = await receiversOf(state.contentId);
      const waiting = receivers.filter((receiver) => receiver.invitationStatus === 'pending');
      if (waiting.length > 0) {
        const names = waiting.map((receiver) => receiver.receiverName).join(', ');
        return { kind: 'none', message: `Waiting for ${names} to accept the royalty invitation: every party agrees to the split before money moves` };
      }
      const accepted = receivers.filter((receiver) => receiver.invitationStatus === 'accepted');
      const creatorName = (await names.nameOf(state.ownerId)) ?? 'Creator';
      try {
        const lines = splitPayout({ amountCents, creatorShare: state.royaltySplit, creator: { userId: state.ownerId, name: creatorName }, receivers: accepted });
        await run(contractId, { type: 'StartPayoutRun', data: { runId, trigger: request.trigger, amountCents, lines } }, request);
        log.info({ contractId, runId, amountCents, lines: lines.length }, 'payout run started');
        return { kind: 'run', runId, lineCount: lines.length };
      } catch (error) {
        if (error instanceof DomainError) return { kind: 'none', message: error.message };
        throw error;
      }
    },

    /**
     * Pays a run's unpaid lines through the executor, side by side (each once per run and line), then
     * records them paid together, which completes the run. A worker that dies before recording leaves them unpaid on the
     * contract: the retry pays them again, and the executor answers each line's first payment.
     */
    async payPayoutLines(input: PayLinesInput): Promise<void> {
      const { contractId, runId } = input;
      const state = await load(contractId);
      const payoutRun = state.runs.get(runId);
      if (!payoutRun) throw new Error(`No payout run ${runId} on contract ${contractId}`);
      if (payoutRun.completed) return;
      const unpaid = payoutRun.lines.map((line, lineIndex) => ({ line, lineIndex })).filter(({ lineIndex }) => !payoutRun.paid.has(lineIndex));
      const target = { runId, contractId, contentTitle: state.contentTitle };
      const paid = await whileHeartbeating(() => Promise.all(unpaid.map(({ line, lineIndex }) => payoutExecutor.pay(target, lineIndex, line, input))));
      const lines = unpaid.map(({ lineIndex }, i) => ({ lineIndex, method: paid[i]!.method, txHash: paid[i]!.txHash, reason: paid[i]!.reason ?? null }));
      await run(contractId, { type: 'RecordLinesPaid', data: { runId, lines } }, input);
      log.info({ contractId, runId }, 'payout run completed');
    },
  };
}

export type RoyaltyContractActivities = ReturnType<typeof createRoyaltyContractActivities>;
