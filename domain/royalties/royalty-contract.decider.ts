// The royalty contract aggregate: created once with its signed terms, anchored by a transaction
// whose states only move forward, collecting earnings (each reference once) and paying them out in
// runs. A run is decided once per run id, never while another is open, never for more than is
// pending; its lines sum exactly to its amount; each line is marked paid once; a run completes when
// every line is paid. Open disputes about the work hold the contract (status `disputed`, so no run
// starts) until the last is lifted, and a dispute's compensation is taken from pending earnings once
// per reference. Repeating a command (a retried activity) decides nothing.
import { CONTRACT_STATUSES, type ContractStatus, type DistributionSchedule } from './terms';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import {
  RoyaltyCompensationDeducted,
  RoyaltyContractAnchorSigned,
  RoyaltyContractDisputeHoldLifted,
  RoyaltyContractDisputeHoldPlaced,
  RoyaltyContractAnchorStatusRecorded,
  RoyaltyContractCreated,
  RoyaltyContractStatusChanged,
  RoyaltyEarningsRecorded,
  RoyaltyPayoutLinePaid,
  RoyaltyPayoutRunCompleted,
  RoyaltyPayoutRunStarted,
  type AnchorStatus,
  type PayoutTrigger,
  type RoyaltyContractEvent,
} from './royalty-contract.events';

type CreatedData = ReturnType<typeof RoyaltyContractCreated.create>['data'];
type LineData = ReturnType<typeof RoyaltyPayoutRunStarted.create>['data']['lines'][number];

export interface PayoutRunState {
  amountCents: number;
  lines: LineData[];
  paid: Map<number, { method: 'token_credit' | 'xrpl_payment' | 'recorded'; txHash: string | null }>;
  completed: boolean;
}

export interface RoyaltyContractState {
  created: boolean;
  contractId: string | null;
  contentId: string | null;
  ownerId: string | null;
  contentTitle: string;
  status: ContractStatus;
  royaltySplit: number;
  distributionSchedule: DistributionSchedule;
  minimumThreshold: number;
  anchor: { status: 'signing' | AnchorStatus; txHash: string | null; account: string | null };
  earningsCents: number;
  /** Committed to runs (started, paid or being paid). */
  distributedCents: number;
  references: Set<string>;
  runs: Map<string, PayoutRunState>;
  /** The run started and not yet completed, if any. */
  openRunId: string | null;
  /** The open disputes holding the contract's payouts. */
  disputeHolds: ReadonlySet<string>;
  /** The status the first hold found, given back when the last is lifted. */
  statusBeforeDispute: ContractStatus | null;
  /** Taken from pending earnings by disputes' compensations. */
  compensatedCents: number;
  /** Each compensation's reference and the cents it took. */
  compensations: ReadonlyMap<string, number>;
}

export const initialRoyaltyContractState: RoyaltyContractState = {
  created: false,
  contractId: null,
  contentId: null,
  ownerId: null,
  contentTitle: '',
  status: 'active',
  royaltySplit: 0,
  distributionSchedule: 'monthly',
  minimumThreshold: 0,
  anchor: { status: 'signing', txHash: null, account: null },
  earningsCents: 0,
  distributedCents: 0,
  references: new Set(),
  runs: new Map(),
  openRunId: null,
  disputeHolds: new Set(),
  statusBeforeDispute: null,
  compensatedCents: 0,
  compensations: new Map(),
};

export function pendingCents(state: RoyaltyContractState): number {
  return state.earningsCents - state.distributedCents - state.compensatedCents;
}

/** How one line of a run was paid. */
export interface PaidLineData {
  lineIndex: number;
  method: 'token_credit' | 'xrpl_payment' | 'recorded';
  txHash: string | null;
  reason?: string | null;
}

export type RoyaltyContractCommand =
  | { type: 'CreateContract'; data: CreatedData }
  | { type: 'RecordAnchorSigned'; data: { account: string; txHash: string; txBlob: string } }
  | { type: 'RecordAnchorStatus'; data: { status: AnchorStatus; reason: string | null; ledgerIndex: number | null } }
  | { type: 'ChangeStatus'; data: { status: ContractStatus; reason: string } }
  | { type: 'RecordEarnings'; data: { amountCents: number; source: 'distribution_statement' | 'license_sale'; reference: string; description: string; period?: string } }
  | { type: 'StartPayoutRun'; data: { runId: string; trigger: PayoutTrigger; amountCents: number; lines: LineData[] } }
  | { type: 'RecordLinePaid'; data: PaidLineData & { runId: string } }
  | { type: 'RecordLinesPaid'; data: { runId: string; lines: PaidLineData[] } }
  | { type: 'CompletePayoutRun'; data: { runId: string } }
  | { type: 'HoldForDispute'; data: { disputeId: string } }
  | { type: 'LiftDisputeHold'; data: { disputeId: string } }
  | { type: 'DeductCompensation'; data: { disputeId: string; reference: string; toUserId: string; amountCents: number } };

/** Forward order of the anchor's states; `failed` ends it unless it was validated. */
const ANCHOR_RANK: Record<'signing' | AnchorStatus, number> = { signing: 0, awaiting_submission: 1, submitted: 2, validated: 3, failed: 3 };

export function decideRoyaltyContract(command: RoyaltyContractCommand, state: RoyaltyContractState): RoyaltyContractEvent[] {
  if (command.type === 'CreateContract') {
    if (state.created) {
      if (state.contractId === command.data.contractId) return [];
      throw new IllegalStateError('This contract exists already');
    }
    const { royaltySplit, minimumThreshold } = command.data;
    if (!Number.isInteger(royaltySplit) || royaltySplit < 1 || royaltySplit > 100) throw new ValidationError('The creator share must be a whole percentage from 1 to 100');
    if (!Number.isInteger(minimumThreshold) || minimumThreshold < 1) throw new ValidationError('The minimum threshold must be a positive number of cents');
    return [RoyaltyContractCreated.create(command.data)];
  }
  if (!state.created || !state.contractId) throw new NotFoundError('This royalty contract does not exist');
  const contractId = state.contractId;
  switch (command.type) {
    case 'RecordAnchorSigned': {
      if (state.anchor.txHash === command.data.txHash) return [];
      if (state.anchor.txHash) throw new IllegalStateError(`The contract's anchor is signed already as ${state.anchor.txHash}`);
      return [RoyaltyContractAnchorSigned.create({ contractId, ...command.data })];
    }
    case 'RecordAnchorStatus': {
      const { status } = command.data;
      // Awaiting submission or failed may come before any signature (no wallet, no rate to price it).
      if (!state.anchor.txHash && (status === 'submitted' || status === 'validated')) throw new IllegalStateError('The anchor has not been signed yet');
      if (state.anchor.status === status) return [];
      if (state.anchor.status === 'validated' || state.anchor.status === 'failed') {
        throw new IllegalStateError(`The anchor is ${state.anchor.status} already and cannot become ${status}`);
      }
      // A late report of an earlier state (awaiting after submitted) changes nothing.
      if (ANCHOR_RANK[status] <= ANCHOR_RANK[state.anchor.status]) return [];
      return [RoyaltyContractAnchorStatusRecorded.create({ contractId, ...command.data })];
    }
    case 'ChangeStatus': {
      const { status, reason } = command.data;
      if (!CONTRACT_STATUSES.includes(status)) throw new ValidationError(`Unknown contract status ${status}`);
      if (state.status === status) return [];
      if (state.status === 'completed') throw new IllegalStateError('A completed contract cannot change status');
      if (state.disputeHolds.size > 0) throw new IllegalStateError(`The contract stays disputed while ${state.disputeHolds.size} dispute(s) about its work are open`);
      return [RoyaltyContractStatusChanged.create({ contractId, status, reason })];
    }
    case 'RecordEarnings': {
      const { amountCents, reference } = command.data;
      if (!Number.isInteger(amountCents) || amountCents <= 0) throw new ValidationError('Earnings must be a positive whole number of cents');
      if (state.references.has(reference)) return [];
      if (state.status === 'completed') throw new IllegalStateError('A completed contract records no more earnings');
      return [RoyaltyEarningsRecorded.create({ contractId, ...command.data })];
    }
    case 'StartPayoutRun':
      return startPayoutRun(command.data, state, contractId);
    case 'RecordLinePaid': {
      const { runId, lineIndex } = command.data;
      const run = state.runs.get(runId);
      if (!run) throw new NotFoundError(`No payout run ${runId}`);
      if (!Number.isInteger(lineIndex) || lineIndex < 0 || lineIndex >= run.lines.length) throw new ValidationError(`Run ${runId} has no line ${lineIndex}`);
      if (run.paid.has(lineIndex)) return [];
      return [RoyaltyPayoutLinePaid.create({ contractId, ...command.data })];
    }
    case 'RecordLinesPaid': {
      // The lines paid together, and the run completed once every line is paid.
      const events: RoyaltyContractEvent[] = [];
      let current = state;
      const commands: RoyaltyContractCommand[] = command.data.lines.map((line) => ({ type: 'RecordLinePaid', data: { runId: command.data.runId, ...line } }));
      for (const next of commands) {
        const decided = decideRoyaltyContract(next, current);
        events.push(...decided);
        current = decided.reduce(evolveRoyaltyContract, current);
      }
      const run = current.runs.get(command.data.runId);
      if (run && !run.completed && run.paid.size === run.lines.length) events.push(...decideRoyaltyContract({ type: 'CompletePayoutRun', data: { runId: command.data.runId } }, current));
      return events;
    }
    case 'CompletePayoutRun': {
      const run = state.runs.get(command.data.runId);
      if (!run) throw new NotFoundError(`No payout run ${command.data.runId}`);
      if (run.completed) return [];
      const unpaid = run.lines.length - run.paid.size;
      if (unpaid > 0) throw new IllegalStateError(`Run ${command.data.runId} still has ${unpaid} unpaid line(s)`);
      return [RoyaltyPayoutRunCompleted.create({ contractId, runId: command.data.runId })];
    }
    case 'HoldForDispute': {
      const { disputeId } = command.data;
      if (state.disputeHolds.has(disputeId)) return [];
      const held = RoyaltyContractDisputeHoldPlaced.create({ contractId, disputeId });
      if (state.status === 'disputed' || state.status === 'completed') return [held];
      return [held, RoyaltyContractStatusChanged.create({ contractId, status: 'disputed', reason: `Dispute ${disputeId} about this work is open` })];
    }
    case 'LiftDisputeHold': {
      const { disputeId } = command.data;
      if (!state.disputeHolds.has(disputeId)) return [];
      const lifted = RoyaltyContractDisputeHoldLifted.create({ contractId, disputeId });
      if (state.disputeHolds.size > 1 || state.status !== 'disputed') return [lifted];
      const restored = state.statusBeforeDispute && state.statusBeforeDispute !== 'disputed' ? state.statusBeforeDispute : 'active';
      return [lifted, RoyaltyContractStatusChanged.create({ contractId, status: restored, reason: `Dispute ${disputeId} was lifted; no other dispute holds this work` })];
    }
    case 'DeductCompensation': {
      const { disputeId, reference, toUserId, amountCents } = command.data;
      if (!Number.isInteger(amountCents) || amountCents < 1) throw new ValidationError('A compensation must be a positive whole number of cents');
      if (state.compensations.has(reference)) return [];
      const taken = Math.min(amountCents, Math.max(0, pendingCents(state)));
      return [RoyaltyCompensationDeducted.create({ contractId, disputeId, reference, toUserId, requestedCents: amountCents, amountCents: taken })];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown royalty contract command ${JSON.stringify(unknown)}`);
    }
  }
}

function startPayoutRun(data: Extract<RoyaltyContractCommand, { type: 'StartPayoutRun' }>['data'], state: RoyaltyContractState, contractId: string): RoyaltyContractEvent[] {
  const { runId, trigger, amountCents, lines } = data;
  if (state.runs.has(runId)) return [];
  if (state.status !== 'active') throw new IllegalStateError(`The contract is ${state.status}; payouts run only while it is active`);
  if (state.openRunId) throw new IllegalStateError(`Payout run ${state.openRunId} is still being paid; try again when it completes`);
  if (!Number.isInteger(amountCents) || amountCents < 1) throw new ValidationError('A payout must be at least one cent');
  const pending = pendingCents(state);
  if (amountCents > pending) throw new ValidationError(`The payout of ${formatCents(amountCents)} is more than the ${formatCents(pending)} pending`);
  if (trigger !== 'distribute' && amountCents < state.minimumThreshold) {
    throw new ValidationError(`The payout of ${formatCents(amountCents)} is below the contract's minimum of ${formatCents(state.minimumThreshold)}`);
  }
  if (lines.length === 0) throw new ValidationError('A payout run needs at least one line');
  if (lines.some((line) => !Number.isInteger(line.amountCents) || line.amountCents < 0)) throw new ValidationError('Every payout line is a whole, non-negative number of cents');
  const sum = lines.reduce((total, line) => total + line.amountCents, 0);
  if (sum !== amountCents) throw new ValidationError(`The payout lines sum to ${sum} cents, not the run's ${amountCents}`);
  return [RoyaltyPayoutRunStarted.create({ contractId, runId, trigger, amountCents, lines })];
}

export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function evolveRoyaltyContract(state: RoyaltyContractState, event: RoyaltyContractEvent): RoyaltyContractState {
  switch (event.type) {
    case 'RoyaltyContractCreated': {
      const { contractId, contentId, ownerId, contentTitle, royaltySplit, distributionSchedule, minimumThreshold } = event.data;
      return {
        ...initialRoyaltyContractState,
        references: new Set(),
        runs: new Map(),
        disputeHolds: new Set(),
        compensations: new Map(),
        created: true,
        contractId,
        contentId,
        ownerId,
        contentTitle,
        royaltySplit,
        distributionSchedule,
        minimumThreshold,
      };
    }
    case 'RoyaltyContractAnchorSigned':
      return { ...state, anchor: { ...state.anchor, txHash: event.data.txHash, account: event.data.account } };
    case 'RoyaltyContractAnchorStatusRecorded':
      return { ...state, anchor: { ...state.anchor, status: event.data.status } };
    case 'RoyaltyContractStatusChanged':
      return { ...state, status: event.data.status };
    case 'RoyaltyEarningsRecorded': {
      const references = new Set(state.references);
      references.add(event.data.reference);
      return { ...state, earningsCents: state.earningsCents + event.data.amountCents, references };
    }
    case 'RoyaltyPayoutRunStarted': {
      const runs = new Map(state.runs);
      runs.set(event.data.runId, { amountCents: event.data.amountCents, lines: event.data.lines, paid: new Map(), completed: false });
      return { ...state, runs, distributedCents: state.distributedCents + event.data.amountCents, openRunId: event.data.runId };
    }
    case 'RoyaltyPayoutLinePaid': {
      const run = state.runs.get(event.data.runId);
      if (!run) return state;
      const paid = new Map(run.paid);
      paid.set(event.data.lineIndex, { method: event.data.method, txHash: event.data.txHash });
      const runs = new Map(state.runs);
      runs.set(event.data.runId, { ...run, paid });
      return { ...state, runs };
    }
    case 'RoyaltyPayoutRunCompleted': {
      const run = state.runs.get(event.data.runId);
      if (!run) return state;
      const runs = new Map(state.runs);
      runs.set(event.data.runId, { ...run, completed: true });
      return { ...state, runs, openRunId: state.openRunId === event.data.runId ? null : state.openRunId };
    }
    case 'RoyaltyContractDisputeHoldPlaced': {
      const statusBeforeDispute = state.disputeHolds.size === 0 ? state.status : state.statusBeforeDispute;
      return { ...state, disputeHolds: new Set(state.disputeHolds).add(event.data.disputeId), statusBeforeDispute };
    }
    case 'RoyaltyContractDisputeHoldLifted': {
      const disputeHolds = new Set(state.disputeHolds);
      disputeHolds.delete(event.data.disputeId);
      return { ...state, disputeHolds, statusBeforeDispute: disputeHolds.size === 0 ? null : state.statusBeforeDispute };
    }
    case 'RoyaltyCompensationDeducted':
      return {
        ...state,
        compensatedCents: state.compensatedCents + event.data.amountCents,
        compensations: new Map(state.compensations).set(event.data.reference, event.data.amountCents),
      };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown royalty contract event ${JSON.stringify(unknown)}`);
    }
  }
}

export const royaltyContractDecider = {
  decide: decideRoyaltyContract,
  evolve: evolveRoyaltyContract,
  initialState: initialRoyaltyContractState,
};
