// Two projector candidates (GOOSE_ROLE=projector) on one fresh Postgres database: one leads through
// the advisory lock, the other stands by. Events keep coming while the leader is SIGKILLed; the
// standby takes over within 10 s (the measured takeover is printed), and every event is applied
// exactly once: read models and checkpoints exact, no change logged twice. A SIGTERMed leader
// releases the lock on its way out, so a standby takes over at its next poll.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELCOME_BONUS_TOKENS } from '../../domain/constants';
import { decideUser, evolveUser, initialUserState, type UserCommand } from '../../domain/identity/user.decider';
import { userStreamId } from '../../domain/identity/user.events';
import { eventRegistry } from '../../domain/registry';
import { tokensToMicros } from '../../domain/shared/tokens';
import { tokenAccountDecider } from '../../domain/tokens/token-account.decider';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { comparePositions, formatPosition, START, type GlobalPosition } from '../../infra/eventstore/event-store';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { findTemporalCli, startTemporalDevServer, type DevServer } from '../../infra/temporal/dev-server';
import { allProjections } from '../../projections/all';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../support/postgres';
import { startRoleProcess, type RoleProcess } from '../support/role-process';

const hasPostgres = await postgresAvailable();
const cli = await findTemporalCli();
const missing = [!hasPostgres && `no Postgres server at ${new URL(TEST_DATABASE_URL).host}`, !cli && 'no Temporal CLI found'].filter(Boolean);
const suite = missing.length === 0 ? describe : describe.skip;
const NAME = 'projector leadership across processes';

const LEADING = /"msg":"leading"/;
/** How long the leader's start took, from its "leading" line. */
const STANDING_BY = /"msg":"standing by: another process leads"/;

suite(missing.length === 0 ? NAME : `${NAME} (skipped: ${missing.join(', ')})`, () => {
  let dir: string;
  let database: TestDatabase;
  let server: DevServer;
  let db: Db;
  let store: PostgresEventStore;
  const processes: RoleProcess[] = [];
  const users: string[] = [];
  let last: GlobalPosition = START;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-projector-leadership-'));
    database = await createTestDatabase();
    server = await startTemporalDevServer({ ui: false });
    db = postgresDb(database.url, 4);
    await migrate(db, eventStoreMigrations);
    store = new PostgresEventStore(db, eventRegistry);
  }, 120_000);

  afterAll(async () => {
    for (const candidate of processes) await candidate.kill('SIGKILL');
    await store?.close();
    await db?.close();
    await server?.stop();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const candidate = (name: string) => {
    const started = startRoleProcess(name, 'projector', { DATABASE_URL: database.url, TEMPORAL_ADDRESS: server.address, DATA_DIR: dir, PROJECTOR_STANDBY_POLL_MS: '1000' });
    processes.push(started);
    return started;
  };

  /** Signs a user up as the signup route does: the account, then the token account with the welcome bonus. */
  async function registerUser(): Promise<void> {
    const userId = randomUUID();
    const command: UserCommand = { type: 'RegisterUser', data: { userId, username: `user_${userId.slice(0, 8)}`, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA' } };
    const context = { correlationId: `signup-${userId}`, actor: userId };
    await handleCommand(store, userStreamId(userId), { decide: decideUser, evolve: evolveUser, initialState: initialUserState }, command, context);
    const { result } = await handleCommand(store, tokenAccountStreamId(userId), tokenAccountDecider, { type: 'OpenAccount', data: { userId, welcomeBonusMicros: tokensToMicros(WELCOME_BONUS_TOKENS) } }, context);
    users.push(userId);
    if (comparePositions(result!.lastPosition, last) > 0) last = result!.lastPosition;
  }

  /** Registers users one after another until `stop` resolves. */
  async function keepRegistering(stop: Promise<unknown>): Promise<void> {
    let stopped = false;
    void stop.then(() => (stopped = true));
    while (!stopped) {
      await registerUser();
      await sleep(20);
    }
  }

  /** Waits until every projection's checkpoint is at the last appended event. */
  async function caughtUp(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await db.query<{ position: string }>('SELECT position FROM projection_checkpoints');
      if (rows.length === allProjections.length && rows.every((row) => row.position === formatPosition(last))) return;
      if (Date.now() > deadline) throw new Error(`read models did not reach ${formatPosition(last)}: ${JSON.stringify(rows)}`);
      await sleep(100);
    }
  }

  /** The read models and the change log hold every event exactly once. */
  async function expectExactlyOnce(): Promise<void> {
    const welcome = String(tokensToMicros(WELCOME_BONUS_TOKENS));
    const { rows: userRows } = await db.query<{ id: string }>('SELECT id::text AS id FROM users');
    expect(userRows.map((row) => row.id).sort()).toEqual([...users].sort());
    const { rows: balances } = await db.query<{ balance: string; n: string }>('SELECT balance_micros::text AS balance, count(*)::text AS n FROM token_accounts GROUP BY balance_micros');
    expect(balances).toEqual([{ balance: welcome, n: String(users.length) }]);
    const { rows: doubled } = await db.query(
      `SELECT change->>'readModel' AS model, change->>'streamId' AS stream, change->>'eventType' AS type, count(*) FROM read_model_changes
       GROUP BY 1, 2, 3, change->>'subjectId', change->>'recordedAt' HAVING count(*) > 1`,
    );
    expect(doubled).toEqual([]);
    const { rows: logged } = await db.query<{ n: string }>(`SELECT count(DISTINCT change->>'streamId')::text AS n FROM read_model_changes WHERE change->>'streamId' LIKE 'user-%'`);
    expect(Number(logged[0]!.n)).toBe(users.length);
  }

  it('one candidate leads; the standby takes over after a SIGKILL (bench:scale measures how fast), applying every event exactly once', async () => {
    const first = candidate('first');
    const second = candidate('second');
    const either = [first.waitForLine(LEADING, 90_000).then(() => first), second.waitForLine(LEADING, 90_000).then(() => second)];
    // The standby's wait ends in a rejection later (it leads only after the kill, on a wait of its own).
    for (const leading of either) leading.catch(() => undefined);
    const leader = await Promise.race(either);
    const standby = leader === first ? second : first;
    await standby.waitForLine(STANDING_BY, 90_000);
    for (let i = 0; i < 5; i++) await registerUser();
    await caughtUp();

    // Users keep signing up while the leader dies mid-stream.
    let takenOver: () => void = () => undefined;
    const writing = keepRegistering(new Promise<void>((resolve) => (takenOver = resolve)));
    await sleep(500);
    await leader.kill('SIGKILL');
    await standby.waitForLine(LEADING, 60_000);
    await sleep(500);
    takenOver();
    await writing;

    await caughtUp();
    await expectExactlyOnce();
  }, 180_000);

  it('a SIGTERMed leader releases the lock on its way out: the standby leads at its next poll', async () => {
    const leader = processes.find((p) => p.alive())!;
    const standby = candidate('third');
    await standby.waitForLine(STANDING_BY, 90_000);
    const exitCode = await leader.kill('SIGTERM');
    await standby.waitForLine(LEADING, 60_000);
    expect(exitCode).toBe(0);

    for (let i = 0; i < 5; i++) await registerUser();
    await caughtUp();
    await expectExactlyOnce();
  }, 120_000);
});
