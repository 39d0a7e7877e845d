// A worker process for the killed-worker dispute test: the dispute activities on Postgres with the
// platform's real effects (infra/disputes/dispute-effects.ts), whose token ledger waits
// PAUSE_BEFORE_CREDIT_MS before crediting a dispute compensation. A compensation first records its
// deduction on the work's royalty contract and then credits the claimant, so that wait is the window
// between the two writes in which the test kills this process.
// Env: DATABASE_URL, TEMPORAL_ADDRESS, TASK_QUEUE, PAUSE_BEFORE_CREDIT_MS.
import { setTimeout as sleep } from 'node:timers/promises';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { TokenAccountCommand } from '../../domain/tokens/token-account.decider';
import { eventRegistry } from '../../domain/registry';
import { postgresDb } from '../../infra/db/db';
import { createDisputeEffects } from '../../infra/disputes/dispute-effects';
import { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { TokenLedger, type LedgerContext, type LedgerResult } from '../../infra/tokens/token-ledger';
import { createDisputeActivities } from '../../workflows/dispute/activities';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../../workflows/worker';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
};

const pauseMs = Number(process.env.PAUSE_BEFORE_CREDIT_MS ?? 0);

/** The real ledger, except that a dispute compensation's credit waits `pauseMs` first. */
class PausingTokenLedger extends TokenLedger {
  override async execute(userId: string, command: TokenAccountCommand, context: LedgerContext): Promise<LedgerResult> {
    if (pauseMs > 0 && command.type === 'Credit' && command.data.cause === 'dispute_compensation') {
      process.stdout.write(`${JSON.stringify({ msg: 'compensation deducted, credit paused', reference: command.data.reference })}\n`);
      await sleep(pauseMs);
    }
    return super.execute(userId, command, context);
  }
}

installTemporalRuntime();
const db = postgresDb(env('DATABASE_URL'), 4);
const eventStore = new PostgresEventStore(db, eventRegistry);
const effects = createDisputeEffects({ eventStore, tokenLedger: new PausingTokenLedger(eventStore), db });

const worker = await Worker.create({
  connection: await NativeConnection.connect({ address: env('TEMPORAL_ADDRESS') }),
  namespace: 'default',
  taskQueue: env('TASK_QUEUE'),
  workflowBundle: await bundleTrackLifecycleWorkflows(),
  activities: createDisputeActivities({ eventStore, effects }),
});
process.stdout.write(`${JSON.stringify({ msg: 'worker ready' })}\n`);
await worker.run();
