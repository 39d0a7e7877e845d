// A worker process for the killed-worker dispute test: the dispute activities on Postgres with the
// stand-in effects, except that a compensation is a real token-ledger credit keyed by its reference
// (a repeat credits nothing, as the real effects do), after which it pauses PAUSE_AFTER_COMPENSATE_MS,
// the window in which the test kills it. Env: DATABASE_URL, TEMPORAL_ADDRESS, TASK_QUEUE, PAUSE_AFTER_COMPENSATE_MS.
import { setTimeout as sleep } from 'node:timers/promises';
import { NativeConnection, Worker } from '@temporalio/worker';
import { eventRegistry } from '../../domain/registry';
import { postgresDb } from '../../infra/db/db';
import { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { createDisputeActivities } from '../../workflows/dispute/activities';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../../workflows/worker';
import { recordingDisputeEffects } from './dispute-effects-stand-in';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
};

installTemporalRuntime();
const db = postgresDb(env('DATABASE_URL'), 4);
const eventStore = new PostgresEventStore(db, eventRegistry);
const tokenLedger = new TokenLedger(eventStore);
const pauseMs = Number(process.env.PAUSE_AFTER_COMPENSATE_MS ?? 0);

const effects = recordingDisputeEffects();
effects.compensate = async ({ disputeId, toUserId, amountCents, reference }) => {
  await tokenLedger.execute(toUserId, { type: 'Credit', data: { amountMicros: amountCents * 10_000, cause: 'payout', reference, description: `Dispute ${disputeId} compensation` } }, { correlationId: reference, actor: 'workflow' });
  process.stdout.write(`${JSON.stringify({ msg: 'compensation credited', reference })}\n`);
  if (pauseMs > 0) await sleep(pauseMs);
  return { paidCents: amountCents, contractId: null, note: null };
};

const worker = await Worker.create({
  connection: await NativeConnection.connect({ address: env('TEMPORAL_ADDRESS') }),
  namespace: 'default',
  taskQueue: env('TASK_QUEUE'),
  workflowBundle: await bundleTrackLifecycleWorkflows(),
  activities: createDisputeActivities({ eventStore, effects }),
});
process.stdout.write(`${JSON.stringify({ msg: 'worker ready' })}\n`);
await worker.run();
