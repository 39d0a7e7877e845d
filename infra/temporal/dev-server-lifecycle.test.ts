// The embedded Temporal dev server's lifecycle: it dies with its parent even when the parent is
// SIGKILLed, and one database never gets two servers (a live owner refuses a second start; a
// server left by a dead parent is stopped first).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findTemporalCli, startTemporalDevServer } from './dev-server';

const cli = await findTemporalCli();
const FIXTURE = fileURLToPath(new URL('./dev-server-child.fixture.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Started {
  parent: ChildProcess;
  answer: { pid?: number; address?: string; error?: string };
}

/** Starts the fixture in its own Node process (tsx as a loader, so the parent is that one process). */
async function startParent(dbFile: string): Promise<Started> {
  const parent = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dbFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, LOG_LEVEL: 'silent' } });
  spawned.push(parent);
  const lines = createInterface({ input: parent.stdout! });
  const [line] = (await Promise.race([once(lines, 'line'), once(parent, 'exit').then(() => ['{"error":"exited without answering"}'])])) as [string];
  return { parent, answer: JSON.parse(line) as Started['answer'] };
}

function isGone(pid: number): Promise<boolean> {
  return readFile(`/proc/${pid}/stat`, 'utf8').then(
    (stat) => stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z',
    () => true,
  );
}

function portAccepts(address: string): Promise<boolean> {
  const [host, port] = address.split(':');
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

/** Live `temporal server start-dev` processes over dbFile, from /proc. */
async function serversOver(dbFile: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const argv = await readFile(`/proc/${entry}/cmdline`, 'utf8').then((t) => t.split('\0'), () => [] as string[]);
    if (argv.includes('start-dev') && argv.includes(dbFile) && !(await isGone(Number(entry)))) found.push(Number(entry));
  }
  return found;
}

let spawned: ChildProcess[] = [];
let dir: string;
let dbFile: string;

const suite = cli && process.platform === 'linux' ? describe : describe.skip;
const why = !cli ? 'no Temporal CLI installed' : 'needs Linux /proc';

suite(cli && process.platform === 'linux' ? 'Temporal dev server lifecycle' : `Temporal dev server lifecycle (skipped: ${why})`, () => {
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-devserver-'));
    dbFile = path.join(dir, 'temporal.db');
    spawned = [];
  });

  afterEach(async () => {
    for (const child of spawned) child.kill('SIGKILL');
    for (const pid of await serversOver(dbFile)) process.kill(pid, 'SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('stops the dev server and frees its port within seconds when the parent is SIGKILLed', async () => {
    const { parent, answer } = await startParent(dbFile);
    expect(answer.error).toBeUndefined();
    expect(await portAccepts(answer.address!)).toBe(true);

    parent.kill('SIGKILL');
    expect(await within(5_000, () => isGone(answer.pid!))).toBe(true);
    expect(await within(5_000, async () => !(await portAccepts(answer.address!)))).toBe(true);
  });

  it('refuses a second start over the same database while the first parent lives', async () => {
    const first = await startParent(dbFile);
    expect(first.answer.error).toBeUndefined();

    const second = await startParent(dbFile);
    expect(second.answer.error).toMatch(new RegExp(`^Process ${first.parent.pid} already runs the Temporal dev server over `));
    expect(await serversOver(dbFile)).toEqual([first.answer.pid]);
    expect(await portAccepts(first.answer.address!)).toBe(true);
  });

  it('gives two platforms starting at once a server each, though both found the usual port free', async () => {
    const servers = await Promise.all([0, 1].map(() => startTemporalDevServer({ usualPorts: true, ui: false })));
    try {
      expect(servers[0]!.address).not.toBe(servers[1]!.address);
      expect(servers[0]!.pid).not.toBe(servers[1]!.pid);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  });

  it('stops a server left over the database by a dead parent before starting a new one', async () => {
    // An orphan as an older start left it: started without dying with its parent, no lock.
    const port = await freePort();
    const orphan = spawn(cli!.path, ['server', 'start-dev', '--headless', '--ip', '127.0.0.1', '--port', String(port), '--db-filename', dbFile], { stdio: 'ignore', detached: true });
    spawned.push(orphan);
    expect(await within(20_000, () => portAccepts(`127.0.0.1:${port}`))).toBe(true);

    const { answer } = await startParent(dbFile);
    expect(answer.error).toBeUndefined();
    expect(await isGone(orphan.pid!)).toBe(true);
    expect(await serversOver(dbFile)).toEqual([answer.pid]);
  });
});
