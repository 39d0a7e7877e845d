// The payout half of `npm run bench:royalties`: pays one run for each of CONTRACTS contracts with
// 0 to MAX_RECEIVERS receivers each, on a given event store and token ledger, and checks the sums.
//
// What one run is here (`contractPayoutRunner`): what the contract's workflow does, without Temporal's
// scheduling — the run decided on the royalty-contract stream with its lines from `splitPayout`,
// each line paid through the PayoutExecutor (token-ledger credits; the platform's line recorded) and
// marked paid on the contract, then the run completed. `directPayoutRunner` leaves the contract out
// (the split and the executor only). What is timed: from the first run started to the last line paid, with RUN_CONCURRENCY
// runs in flight at once and a run's lines paid concurrently; opening the token accounts is set-up.
// Receivers are drawn from a pool of platform users shared between contracts (collaborators recur),
// so one account is credited by several runs at once, as in production. XRP lines are not measured:
// they wait on a ledger's validation (seconds), not on this code.
//
// sumsExact holds when every run's lines sum to its amount, the payout credits in the event store
// are exactly one per paid line (no reference twice) and total the non-platform cents, and paying a
// sample of runs again credits nothing more.
import { createHash, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { PaidLine, PayoutExecutor, PayoutLine, ReceiverShare } from '../../domain/royalties/ports';
import { splitPayout, type SplitReceiver } from '../../domain/royalties/split';
import { royaltyContractDecider, type RoyaltyContractCommand } from '../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import type { Queryable } from '../../infra/db/db';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { EventStore } from '../../infra/eventstore/event-store';
import { createRoyaltyContractActivities } from '../../workflows/royalty-contract/activities';
import { executePayout } from '../../workflows/royalty-contract/shared';
import { payableStatementImporter } from '../../infra/distribution/statement-import';
import { contractIdFor } from '../../infra/royalties/contract-id';
import { royaltyEarningsSink } from '../../infra/royalties/earnings-sink';
import { recordPartnerFunds } from '../../infra/royalties/reconciliation';
import { openTokenAccount } from '../../infra/tokens/open-accounts';
import type { TokenLedger } from '../../infra/tokens/token-ledger';

export interface BenchContract {
  /** contractIdFor(contentId): the earnings sink finds a content's contract by it. */
  contractId: string;
  contentId: string;
  contentTitle: string;
  creatorId: string;
  creatorShare: number;
  receivers: SplitReceiver[];
  pendingCents: number;
}

export interface PaidRun {
  runId: string;
  contract: BenchContract;
  amountCents: number;
  lines: PayoutLine[];
  paid: PaidLine[];
}

/** How a run is paid: directly, or through the contract's decider. */
export interface PayoutRunner {
  /** Set-up before the clock starts (the contracts and their pending earnings). */
  prepare?(contracts: readonly BenchContract[]): Promise<void>;
  run(contract: BenchContract): Promise<PaidRun>;
  /** Pays a paid run's lines again, as a retried activity would: it must credit nothing more. */
  repeat(run: PaidRun): Promise<void>;
}

const context = { correlationId: 'bench-royalties', actor: 'bench' };

/** Runs straight through the split and the executor, each line's payment started at once. */
export function directPayoutRunner(executor: PayoutExecutor): PayoutRunner {
  const payAll = (run: Omit<PaidRun, 'paid'>) =>
    Promise.all(
      run.lines.map((line, index) =>
        executor.pay({ runId: run.runId, contractId: run.contract.contractId, contentTitle: run.contract.contentTitle }, index, line, { ...context, correlationId: run.runId }),
      ),
    );
  return {
    async run(contract) {
      const lines = splitPayout({ amountCents: contract.pendingCents, creatorShare: contract.creatorShare, creator: { userId: contract.creatorId, name: 'Bench creator' }, receivers: contract.receivers });
      const run = { runId: randomUUID(), contract, amountCents: contract.pendingCents, lines };
      return { ...run, paid: await payAll(run) };
    },
    async repeat(run) {
      await payAll(run);
    },
  };
}

/**
 * Runs as the contract's workflow does, through its activities in-process: the contracts are created
 * beforehand and get their pending earnings the only way royalty money arrives, through the payable
 * path (`fundThroughPartner`); each run is `executePayout` (plan → pay each line → complete).
 */
export function contractPayoutRunner(eventStore: EventStore, db: Queryable, executor: PayoutExecutor): PayoutRunner {
  const receivers = new Map<string, ReceiverShare[]>();
  const activities = createRoyaltyContractActivities({ eventStore, db, receiversOf: async (contentId) => receivers.get(contentId) ?? [], payoutExecutor: executor, splitPayout });
  const contentOf = (contract: BenchContract) => contract.contentId;
  const paidRun = async (contract: BenchContract, runId: string): Promise<PaidRun> => {
    const events = await eventStore.readStream(royaltyContractStreamId(contract.contractId));
    const state = events.reduce((acc, e) => royaltyContractDecider.evolve(acc, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState);
    const run = state.runs.get(runId)!;
    return { runId, contract, amountCents: run.amountCents, lines: run.lines, paid: run.lines.map((_, index) => run.paid.get(index)!) };
  };
  return {
    async prepare(contracts) {
      for (let i = 0; i < contracts.length; i += 50) {
        await Promise.all(
          contracts.slice(i, i + 50).map(async (contract) => {
            receivers.set(contentOf(contract), contract.receivers.map((r) => ({ ...r, receiverEmail: `${r.receiverId}@bench.invalid`, invitationStatus: 'accepted' as const })));
            const stream = royaltyContractStreamId(contract.contractId);
            const decide = (command: RoyaltyContractCommand) => handleCommand(eventStore, stream, royaltyContractDecider, command, context);
            await decide({ type: 'CreateContract', data: benchContractCreated(contract, contentOf(contract)) });
          }),
        );
      }
      await fundThroughPartner(eventStore, contracts);
    },
    async run(contract) {
      const answer = await executePayout(activities, contract.contractId, { requestId: randomUUID(), trigger: 'distribute', amountCents: null, ...context });
      if (!answer.runId) throw new Error(`No run for ${contract.contractId}: ${answer.message}`);
      return paidRun(contract, answer.runId);
    },
    async repeat(run) {
      await Promise.all(
        run.lines.map((line, index) => executor.pay({ runId: run.runId, contractId: run.contract.contractId, contentTitle: run.contract.contentTitle }, index, line, context)),
      );
    },
  };
}

/**
 * Each contract's pending earnings as production gets them: an operator's import of the bench
 * partner's statement (one line per contract, matched to the contract's content), then the partner's
 * funds for the period recorded, which release every claim through the reconciliation to the real
 * earnings sink. Set-up, not timed; it fails unless every cent claimed reached its contract.
 */
export async function fundThroughPartner(eventStore: EventStore, contracts: readonly BenchContract[]): Promise<void> {
  const identifierOf = (index: number) => `QZBNC${String(index).padStart(7, '0')}`;
  const byIdentifier = new Map(contracts.map((c, index) => [identifierOf(index), { distributionId: `release-${c.contentId}`, contentId: c.contentId, ownerId: c.creatorId, title: c.contentTitle }]));
  const releases = { find: async (identifiers: readonly string[]) => new Map(identifiers.flatMap((id) => (byIdentifier.has(id) ? [[id, byIdentifier.get(id)!] as const] : []))) };
  const earnings = royaltyEarningsSink(eventStore);
  const partnerId = `bench-${randomUUID().slice(0, 8)}`;
  const lines = contracts.map((c, index) => ({ lineNumber: index + 2, period: '2026-10', store: 'spotify', country: 'US', identifier: identifierOf(index), units: 1, amountCents: c.pendingCents }));
  const total = contracts.reduce((sum, c) => sum + c.pendingCents, 0);
  await payableStatementImporter({ eventStore, releases, earnings })({
    source: { partnerId, channel: 'operator_import', fileName: 'bench.csv', checksum: createHash('sha256').update(partnerId).digest('hex'), importedBy: 'operator:bench' },
    lines,
    correlationId: 'bench-royalties',
  });
  const funded = await recordPartnerFunds({ eventStore, earnings }, { partnerId, period: '2026-10', amountCents: total, reference: 'bench-wire', recordedBy: 'operator:bench' }, { ...context, actor: 'operator:bench' });
  const r = funded.reconciliation;
  if (r.claimedCents !== total || r.releasedCents !== total || r.undeliveredCents !== 0) {
    throw new Error(`the payable path did not fund the contracts: claimed ${r.claimedCents}, released ${r.releasedCents}, undelivered ${r.undeliveredCents} of ${total}`);
  }
}

function benchContractCreated(contract: BenchContract, contentId: string) {
  const template = contract.creatorShare === 95 ? 'premium_royalty' : contract.creatorShare === 70 ? 'revenue_sharing' : 'standard_royalty';
  return RoyaltyContractCreated.create({
    contractId: contract.contractId,
    contentId,
    ownerId: contract.creatorId,
    contentTitle: contract.contentTitle,
    templateType: template,
    royaltySplit: contract.creatorShare,
    distributionSchedule: 'on_demand',
    minimumThreshold: 100,
    terms: { contractId: contract.contractId },
    canonical: '{}',
    termsSha256: '0'.repeat(64),
    signature: { algorithm: 'Ed25519', keyId: 'bench', publicKey: 'bench', value: 'bench' },
    network: 'testnet',
    xrpAmount: '0',
    usdAmount: '49.95',
  }).data;
}

export interface PayoutBenchOptions {
  db: Queryable;
  ledger: TokenLedger;
  runner: PayoutRunner;
  contracts: number;
  maxReceivers: number;
  receiverPool: number;
  runConcurrency: number;
  seed?: number;
}

export interface PayoutBenchResult {
  payoutRunSeconds: number;
  sumsExact: boolean;
  contracts: number;
  lines: number;
  receivers: number;
  linesPerSec: number;
  paidCents: number;
  /** What failed the sums, in words; empty when they are exact. */
  discrepancies: string[];
}

export async function measurePayouts(options: PayoutBenchOptions): Promise<PayoutBenchResult> {
  const random = generator(options.seed ?? 14);
  const pool = Array.from({ length: options.receiverPool }, () => randomUUID());
  const contracts: BenchContract[] = Array.from({ length: options.contracts }, (_, index) => {
    const creatorShare = [85, 95, 70][random(3)]!;
    const count = Math.min(random(options.maxReceivers + 1), creatorShare, pool.length);
    const start = random(pool.length);
    const contentId = randomUUID();
    return {
      contractId: contractIdFor(contentId),
      contentId,
      contentTitle: `Bench track ${index + 1}`,
      creatorId: randomUUID(),
      creatorShare,
      // 1 % each, and a quarter of a percent more for every second receiver: all within the creator's share.
      receivers: Array.from({ length: count }, (_, r) => ({
        receiverId: `receiver-${index}-${r}`,
        receiverName: `Receiver ${r + 1}`,
        royaltyPercentage: r % 2 === 0 ? 1 : 1.25,
        receiverWallet: null,
        acceptedUserId: pool[(start + r) % pool.length]!,
      })),
      pendingCents: 100 + random(10_000_000),
    };
  });

  const users = [...pool, ...contracts.map((c) => c.creatorId)];
  for (let i = 0; i < users.length; i += 100) {
    await Promise.all(users.slice(i, i + 100).map((id) => openTokenAccount(options.ledger, id, context, 0)));
  }

  await options.runner.prepare?.(contracts);
  const runs: PaidRun[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.runConcurrency }, async () => {
      while (next < contracts.length) {
        const contract = contracts[next]!;
        next += 1;
        runs.push(await options.runner.run(contract));
      }
    }),
  );
  const payoutRunSeconds = (performance.now() - started) / 1000;

  const discrepancies: string[] = [];
  let expectedCredits = 0;
  let expectedMicros = 0;
  for (const run of runs) {
    const sum = run.lines.reduce((total, line) => total + line.amountCents, 0);
    if (sum !== run.amountCents) discrepancies.push(`run ${run.runId}: lines sum to ${sum}, not ${run.amountCents}`);
    run.lines.forEach((line, index) => {
      const paid = run.paid[index]!;
      if (line.party === 'platform' || line.amountCents === 0) return;
      if (paid.method !== 'token_credit') discrepancies.push(`run ${run.runId} line ${index}: ${paid.method}, expected a token credit`);
      expectedCredits += 1;
      expectedMicros += line.amountCents * 10_000;
    });
  }

  const totals = async () => {
    const { rows } = await options.db.query<{ credits: string; references: string; micros: string }>(
      `SELECT count(*)::text AS credits, count(DISTINCT data->>'reference')::text AS references, coalesce(sum((data->>'amountMicros')::bigint), 0)::text AS micros
       FROM events WHERE type = 'TokensCreditedToAccount' AND data->>'cause' = 'payout'`,
    );
    return { credits: Number(rows[0]!.credits), references: Number(rows[0]!.references), micros: Number(rows[0]!.micros) };
  };
  const stored = await totals();
  if (stored.credits !== expectedCredits) discrepancies.push(`${stored.credits} payout credits stored, ${expectedCredits} lines paid`);
  if (stored.references !== stored.credits) discrepancies.push(`${stored.credits - stored.references} payout references credited twice`);
  if (stored.micros !== expectedMicros) discrepancies.push(`payout credits total ${stored.micros} micros, the lines ${expectedMicros}`);

  // A sample of runs paid again (as a retried activity would): nothing more may be credited.
  const sample = runs.slice(0, 20);
  await Promise.all(sample.map((run) => options.runner.repeat(run)));
  const after = await totals();
  if (after.credits !== stored.credits) discrepancies.push(`paying ${sample.length} runs again credited ${after.credits - stored.credits} more`);

  const lines = runs.reduce((total, run) => total + run.lines.length, 0);
  return {
    payoutRunSeconds: Number(payoutRunSeconds.toFixed(3)),
    sumsExact: discrepancies.length === 0,
    contracts: runs.length,
    lines,
    receivers: contracts.reduce((total, c) => total + c.receivers.length, 0),
    linesPerSec: Math.round(lines / payoutRunSeconds),
    paidCents: runs.reduce((total, run) => total + run.amountCents, 0),
    discrepancies: discrepancies.slice(0, 20),
  };
}

/** mulberry32: the contracts are the same for the same seed. */
function generator(seed: number): (max: number) => number {
  let state = seed >>> 0;
  return (max) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * max);
  };
}
