// A worker process for the killed-worker payout test: the royalty contract activities on Postgres,
// paying creator lines as token-ledger credits keyed `payout-<runId>-<lineIndex>` (so a repeat
// credits nothing, as the real executor does) and then pausing PAUSE_AFTER_PAY_MS, the window in
// which the test kills it. Env: DATABASE_URL, TEMPORAL_ADDRESS, TASK_QUEUE, PAUSE_AFTER_PAY_MS.
import { setTimeout as sleep } from 'node:timers/promises';
import { NativeConnection, Worker } from '@temporalio/worker';
import { eventRegistry } from '../../domain/registry';
import type { PayoutExecutor } from '../../domain/royalties/ports';
import { postgresDb } from '../../infra/db/db';
import { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { createRoyaltyContractActivities } from '../../workflows/royalty-contract/activities';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../../workflows/worker';
import { standInSplit } from './royalty-stand-ins';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
};

installTemporalRuntime();
const db = postgresDb(env('DATABASE_URL'), 4);
const eventStore = new PostgresEventStore(db, eventRegistry);
const tokenLedger = new TokenLedger(eventStore);
const pauseMs = Number(process.env.PAUSE_AFTER_PAY_MS ?? 0);

const executor: PayoutExecutor = {
  async pay(run, lineIndex, line, context) {
    if (!line.userId) return { method: 'recorded', txHash: null };
    await tokenLedger.execute(line.userId, {
      type: 'Credit',
      data: { amountMicros: line.amountCents * 10_000, cause: 'payout', reference: `payout-${run.runId}-${lineIndex}`, description: `Royalties: ${run.contentTitle}` },
    }, context);
    process.stdout.write(`${JSON.stringify({ msg: "line paid", runId: run.runId, lineIndex })}\n`);
    if (pauseMs > 0) await sleep(pauseMs);
    return { method: 'token_credit', txHash: null };
  },
};

const worker = await Worker.create({
  connection: await NativeConnection.connect({ address: env('TEMPORAL_ADDRESS') }),
  namespace: 'default',
  taskQueue: env('TASK_QUEUE'),
  workflowBundle: await bundleTrackLifecycleWorkflows(),
  activities: createRoyaltyContractActivities({ eventStore, db, receiversOf: async () => [], payoutExecutor: executor, splitPayout: standInSplit }),
});
process.stdout.write(`${JSON.stringify({ msg: "worker ready" })}\n`);
await worker.run();
