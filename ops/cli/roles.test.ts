// The role commands of the ops CLI on PGlite in memory: a grant by username lands on the user's
// stream naming ops-cli:<os user>, a second grant changes nothing, a revocation of a role not held
// and an unknown username are refused (exit code 2) and nothing is appended.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { UserRegistered, UsernameClaimed, userStreamId, usernameStreamId } from '../../domain/identity/user.events';
import type { Db } from '../../infra/db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { cliGrantor, roleCommand } from './roles';

let db: Db;
let eventStore: PostgresEventStore;

beforeAll(async () => {
  db = await pooledPglite();
  await migrate(db, eventStoreMigrations);
  eventStore = new PostgresEventStore(db, eventRegistry);
});

afterAll(async () => {
  await db.close();
});

afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

const metadata = () => ({ correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() });

async function registered(username: string): Promise<string> {
  const userId = randomUUID();
  await eventStore.append(usernameStreamId(username), [{ eventId: randomUUID(), ...UsernameClaimed.create({ username, userId }), metadata: metadata() }], 'no_stream');
  await eventStore.append(userStreamId(userId), [{ eventId: randomUUID(), ...UserRegistered.create({ userId, username, passwordHash: 'x'.repeat(40) }), metadata: metadata() }], 'no_stream');
  return userId;
}

/** Runs a command and answers what it printed and the exit code it set. */
async function run(action: 'grant' | 'revoke', args: string[]) {
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  await roleCommand(eventStore, action, args);
  const text = (spy: typeof out) => spy.mock.calls.map((c) => String(c[0])).join('');
  const result = { stdout: text(out), stderr: text(err), exitCode: process.exitCode };
  vi.restoreAllMocks();
  return result;
}

describe('ops CLI: grant-role and revoke-role', () => {
  it('grants by username (any case) as ops-cli:<os user>; a second grant appends nothing', async () => {
    const userId = await registered('Grace.Hopper');
    const granted = await run('grant', ['grace.hopper', 'reviewer']);
    expect(granted.exitCode).toBeUndefined();
    expect(granted.stdout).toBe(`granted reviewer to Grace.Hopper (${userId}); roles now: creator, reviewer\n`);
    const again = await run('grant', ['Grace.Hopper', 'reviewer']);
    expect(again.stdout).toContain('reviewer was already held by Grace.Hopper');
    const stream = await eventStore.readStream(userStreamId(userId));
    expect(stream.map((e) => e.type)).toEqual(['UserRegistered', 'UserRoleGranted']);
    expect(stream[1]!.data).toMatchObject({ userId, role: 'reviewer', grantedBy: `ops-cli:${os.userInfo().username}` });
    expect(cliGrantor()).toBe(`ops-cli:${os.userInfo().username}`);
  });

  it('revokes a held role, and refuses (exit 2) one not held, an unknown role and an unknown user', async () => {
    const userId = await registered(`ops_${randomUUID().slice(0, 8)}`);
    const username = ((await eventStore.readStream(userStreamId(userId)))[0]!.data as { username: string }).username;
    await run('grant', [username, 'operator']);
    expect((await run('revoke', [username, 'operator'])).stdout).toContain(`revoked operator from ${username}`);
    const notHeld = await run('revoke', [username, 'operator']);
    expect(notHeld).toMatchObject({ exitCode: 2, stderr: `refused: ${username} does not hold the operator role\n` });
    expect((await run('grant', [username, 'admin'])).stderr).toMatch(/^refused: A role is one of reviewer, auditor, operator/);
    expect(await run('grant', ['nobody_here', 'auditor'])).toMatchObject({ exitCode: 2, stderr: 'refused: No user named nobody_here\n' });
    expect((await eventStore.readStream(userStreamId(userId))).map((e) => e.type)).toEqual(['UserRegistered', 'UserRoleGranted', 'UserRoleRevoked']);
  });
});
