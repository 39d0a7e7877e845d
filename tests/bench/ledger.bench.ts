// `npm run bench:ledger`: the token ledger under load on the configured Postgres server
// (DATABASE_URL, else TEST_DATABASE_URL, else the local test server), in a fresh database it drops
// afterwards. LEDGERS TokenLedger instances (default 2: the API and a worker process) share the
// store, as that many processes would: only the account streams' versions keep them apart.
//
// Phases:
// 1. spread: WORKERS concurrent workers, for SECONDS, each op on a random one of ACCOUNTS accounts:
//    a charge (hold 1 token, then capture it, or release it one time in five) or a purchase credit.
// 2. hot: the same workers on ONE account for SECONDS: charges of 1 token against a balance that
//    runs out, and credits that top it up, so holds are refused as well as taken.
// 3. webhooks: DELIVERIES payment deliveries, each payment delivered DUPLICATES times at once (as a
//    payment provider retrying would), credited by reference.
// Then every account is folded again from its events: a negative balance, a reference credited
// twice, or a sum of balances other than credits minus captured charges is reported.
// opsPerSec counts ledger commands (a hold, a capture, a release, a credit) that completed, decided
// or refused, over phases 1 and 2. The last line of stdout is one JSON object with the figures.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eventRegistry } from '../../domain/registry';
import { InsufficientTokensError } from '../../domain/shared/errors';
import { tokensToMicros } from '../../domain/shared/tokens';
import { availableMicros, type TokenAccountCommand } from '../../domain/tokens/token-account.decider';
import { postgresDb } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { logger } from '../../infra/logger/logger';
import { openTokenAccount } from '../../infra/tokens/open-accounts';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { createTestDatabase } from '../support/postgres';
import { intFromEnv } from './bench-env';

const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://goose:goose@127.0.0.1:5432/postgres';
const ACCOUNTS = intFromEnv('BENCH_ACCOUNTS', 1000);
const WORKERS = intFromEnv('BENCH_WORKERS', 48);
const LEDGERS = intFromEnv('BENCH_LEDGERS', 2);
const SECONDS = intFromEnv('BENCH_SECONDS', 10);
const DELIVERIES = intFromEnv('BENCH_DELIVERIES', 1000);
const DUPLICATES = intFromEnv('BENCH_DUPLICATES', 10);
const context = { correlationId: 'bench', actor: 'bench' };
const ONE = tokensToMicros(1);

async function main(): Promise<void> {
  const database = await createTestDatabase({ serverUrl, prefix: 'goose_bench_ledger' });
  const db = postgresDb(database.url, 24);
  try {
    await migrate(db, eventStoreMigrations);
    const store = new PostgresEventStore(db, eventRegistry);
    const ledgers = Array.from({ length: LEDGERS }, () => new TokenLedger(store));
    const ledger = (i: number) => ledgers[i % ledgers.length]!;

    const accounts = Array.from({ length: ACCOUNTS }, () => randomUUID());
    for (let i = 0; i < accounts.length; i += 50) {
      await Promise.all(accounts.slice(i, i + 50).map((id, j) => openTokenAccount(ledger(j), id, context, tokensToMicros(50))));
    }
    const hot = randomUUID();
    await openTokenAccount(ledgers[0]!, hot, context, tokensToMicros(50));

    let refused = 0;
    /** One op: a charge (hold then capture or release) or a credit, on `userId`; answers the commands run. */
    async function operate(worker: number, userId: string): Promise<number> {
      const at = ledger(worker + Math.floor(Math.random() * LEDGERS));
      if (Math.random() < 0.3) {
        await at.execute(userId, { type: 'Credit', data: { amountMicros: ONE, cause: 'purchase', reference: randomUUID(), description: 'bench' } }, context);
        return 1;
      }
      const holdId = randomUUID();
      const hold: TokenAccountCommand = { type: 'Hold', data: { holdId, service: 'professional-mastering', priceMicros: ONE, subjectId: 'bench', description: 'bench', at: new Date().toISOString() } };
      try {
        await at.execute(userId, hold, context);
      } catch (error) {
        if (!(error instanceof InsufficientTokensError)) throw error;
        refused += 1;
        return 1;
      }
      const settle: TokenAccountCommand = Math.random() < 0.2 ? { type: 'Release', data: { holdId, reason: 'bench' } } : { type: 'Capture', data: { holdId } };
      await ledger(worker + 1).execute(userId, settle, context);
      return 2;
    }

    async function phase(pick: () => string): Promise<{ ops: number; seconds: number }> {
      let ops = 0;
      const started = performance.now();
      const until = started + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: WORKERS }, async (_, worker) => {
          while (performance.now() < until) {
            const done = await operate(worker, pick());
            ops += done;
          }
        }),
      );
      return { ops, seconds: (performance.now() - started) / 1000 };
    }

    const spread = await phase(() => accounts[Math.floor(Math.random() * accounts.length)]!);
    const refusedSpread = refused;
    const hotPhase = await phase(() => hot);
    const refusedHot = refused - refusedSpread;

    // Duplicated payment deliveries: each payment's copies race each other.
    const payments = Array.from({ length: Math.ceil(DELIVERIES / DUPLICATES) }, () => ({ userId: accounts[Math.floor(Math.random() * accounts.length)]!, reference: `stripe:pi:${randomUUID()}` }));
    const webhookStarted = performance.now();
    await Promise.all(
      payments.flatMap((payment, p) =>
        Array.from({ length: DUPLICATES }, (_, copy) =>
          ledger(p + copy).execute(payment.userId, { type: 'Credit', data: { amountMicros: tokensToMicros(9.99), cause: 'purchase', reference: payment.reference, description: 'Starter package' } }, context),
        ),
      ),
    );
    const webhookSeconds = (performance.now() - webhookStarted) / 1000;

    // Audit: fold every account afresh from its events, and total the events themselves.
    const auditor = new TokenLedger(store);
    let negativeBalances = 0;
    let sumOfBalances = 0;
    for (const userId of [...accounts, hot]) {
      const account = await auditor.account(userId);
      if (account.balanceMicros < 0 || availableMicros(account) < 0) negativeBalances += 1;
      sumOfBalances += account.balanceMicros;
    }
    const { rows } = await db.query<{ credits: string; captured: string; webhook_credits: string }>(
      `SELECT coalesce(sum((data->>'amountMicros')::bigint) FILTER (WHERE type = 'TokensCreditedToAccount'), 0)::text AS credits,
              coalesce(sum((data->>'amountMicros')::bigint) FILTER (WHERE type = 'TokenHoldCaptured'), 0)::text AS captured,
              count(*) FILTER (WHERE type = 'TokensCreditedToAccount' AND data->>'reference' LIKE 'stripe:pi:%')::text AS webhook_credits
       FROM events WHERE stream_id LIKE 'token-account-%'`,
    );
    const totals = rows[0]!;
    const doubleCredits = Number(totals.webhook_credits) - payments.length;

    const opsPerSec = Math.round((spread.ops + hotPhase.ops) / (spread.seconds + hotPhase.seconds));
    process.stdout.write(
      `${JSON.stringify({
        opsPerSec,
        spreadOpsPerSec: Math.round(spread.ops / spread.seconds),
        hotAccountOpsPerSec: Math.round(hotPhase.ops / hotPhase.seconds),
        holdsRefusedForTokens: { spread: refusedSpread, hot: refusedHot },
        webhookDeliveries: payments.length * DUPLICATES,
        webhookPayments: payments.length,
        webhookDeliveriesPerSec: Math.round((payments.length * DUPLICATES) / webhookSeconds),
        negativeBalances,
        doubleCredits,
        balancesEqualCreditsMinusCaptured: sumOfBalances === Number(totals.credits) - Number(totals.captured),
        accounts: ACCOUNTS,
        workers: WORKERS,
        ledgers: LEDGERS,
        seconds: SECONDS,
        postgres: database.label,
      })}\n`,
    );
  } finally {
    await db.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  logger.error({ err: error }, 'ledger benchmark failed');
  process.exit(1);
});
