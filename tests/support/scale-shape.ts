// The deployment's shape on loopback, for the scale-out test and `npm run bench:scale`: one fresh
// Postgres database, one Temporal dev server, one S3-compatible server (SeaweedFS) holding the stored
// files, and any number of GOOSE_ROLE processes (api, worker, projector) against them. As on separate
// machines, each process has a data folder of its own (its working copies of stored files), sharing
// only the generated keys, as docker-compose.yml shares its keys volume. Without the SeaweedFS binary
// the processes share one data folder as their file store instead (`objectStore` says which).
// Helpers speak to the API over HTTP and websockets as a browser does.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import WebSocket from 'ws';
import type { StorageConfig } from '../../infra/config';
import { postgresDb, type Db } from '../../infra/db/db';
import { startTemporalDevServer, type DevServer } from '../../infra/temporal/dev-server';
import { createTestDatabase, type TestDatabase } from './postgres';
import { startRoleProcess, type RoleProcess } from './role-process';
import { seaweedBinary, startSeaweedS3, type SeaweedS3 } from './seaweedfs';

export interface ApiProcess extends RoleProcess {
  baseUrl: string;
}

export interface ScaleShape {
  databaseUrl: string;
  db: Db;
  client: Client;
  /** The folder under which every process's data folder (or, without an object store, the shared one) lives. */
  dataDir: string;
  /** The S3-compatible server holding the stored files; null: they are in the shared data folder. */
  objectStore: StorageConfig | null;
  /** Every process started, for a failure's report. */
  processes: readonly RoleProcess[];
  startApi(name: string, port: number): Promise<ApiProcess>;
  startWorker(name: string, env?: Record<string, string>): Promise<RoleProcess>;
  /** Starts a projector candidate; resolves once it leads or stands by. */
  startProjector(name: string): Promise<RoleProcess>;
  close(): Promise<void>;
}

export const LEADING = /"msg":"leading"/;
export const STANDING_BY = /"msg":"standing by: another process leads"/;

/** STORAGE_S3_* for the server, as a deployment sets them. */
function storageEnv(s3: SeaweedS3): Record<string, string> {
  const { endpoint, bucket, region, credentials, forcePathStyle } = s3.config;
  return {
    STORAGE_S3_ENDPOINT: endpoint,
    STORAGE_S3_BUCKET: bucket,
    STORAGE_S3_REGION: region,
    STORAGE_S3_ACCESS_KEY_ID: credentials!.accessKeyId,
    STORAGE_S3_SECRET_ACCESS_KEY: credentials!.secretAccessKey,
    STORAGE_S3_FORCE_PATH_STYLE: String(forcePathStyle),
  };
}

export async function openScaleShape(prefix: string): Promise<ScaleShape> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  const weed = seaweedBinary();
  const [database, server, s3]: [TestDatabase, DevServer, SeaweedS3 | null] = await Promise.all([
    createTestDatabase(),
    startTemporalDevServer({ ui: false }),
    weed ? startSeaweedS3(weed) : Promise.resolve(null),
  ]);
  const db = postgresDb(database.url, 4);
  const connection = await Connection.connect({ address: server.address });
  const client = new Client({ connection, namespace: 'default' });
  const processes: RoleProcess[] = [];
  const keys = path.join(dataDir, 'keys');
  await mkdir(keys, { recursive: true });
  const env = { DATABASE_URL: database.url, TEMPORAL_ADDRESS: server.address, OPS_TOKEN: randomUUID(), ...(s3 ? storageEnv(s3) : {}) };
  /** With the object store, a data folder of the process's own whose keys are everyone's; else the shared one. */
  const dataDirOf = async (name: string) => {
    if (!s3) return dataDir;
    const own = path.join(dataDir, name);
    await mkdir(own, { recursive: true });
    await symlink(keys, path.join(own, 'keys'));
    return own;
  };
  const start = async (name: string, role: string, extra: Record<string, string> = {}) => {
    const started = startRoleProcess(name, role, { ...env, DATA_DIR: await dataDirOf(name), ...extra });
    processes.push(started);
    return started;
  };
  return {
    databaseUrl: database.url,
    db,
    client,
    dataDir,
    objectStore: s3?.config ?? null,
    processes,
    async startApi(name, port) {
      const api = await start(name, 'api', { PORT: String(port), HOST: '127.0.0.1' });
      await api.waitForLine(/"msg":"GOOSE api is running"/, 120_000);
      return Object.assign(api, { baseUrl: `http://127.0.0.1:${port}` });
    },
    async startWorker(name, extra = {}) {
      const worker = await start(name, 'worker', extra);
      await worker.waitForLine(/"msg":"worker ready"/, 120_000);
      return worker;
    },
    async startProjector(name) {
      const projector = await start(name, 'projector');
      const either = [projector.waitForLine(LEADING, 120_000), projector.waitForLine(STANDING_BY, 120_000)];
      // The one that does not come rejects later (at its timeout or the process's end): nobody waits on it.
      for (const line of either) line.catch(() => undefined);
      await Promise.race(either);
      return projector;
    },
    async close() {
      await Promise.all(processes.map((p) => p.kill('SIGKILL')));
      await connection.close();
      await db.close();
      await server.stop();
      await s3?.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser's websocket to one API process: every message it hears, with the time it came. */
export interface WatchingSocket {
  messages: { at: number; message: { type: string; readModel?: string; streamId?: string; eventType?: string; recordedAt?: string; seq?: number } }[];
  close(): void;
}

export async function watch(baseUrl: string, cookie: string): Promise<WatchingSocket> {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/ws`, { headers: { cookie } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const messages: WatchingSocket['messages'] = [];
  socket.on('message', (data) => messages.push({ at: Date.now(), message: JSON.parse(String(data)) as WatchingSocket['messages'][number]['message'] }));
  return { messages, close: () => socket.close() };
}

export async function postJson(baseUrl: string, cookie: string, url: string, body: unknown = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

export interface VaultItem {
  id: string;
  trackStatus: string;
  workflow: { stage: string; failureReason: string | null; steps: { name: string; status: string }[] };
}

/** Polls the vault (through `baseUrls` in turn) until `done` holds for the item, or fails on its failure. */
export async function vaultUntil(baseUrls: string[], cookie: string, id: string, done: (item: VaultItem) => boolean, timeoutMs = 60_000, pollMs = 100): Promise<VaultItem> {
  const deadline = Date.now() + timeoutMs;
  let last: VaultItem | undefined;
  for (let turn = 0; ; turn++) {
    const response = await fetch(`${baseUrls[turn % baseUrls.length]}/api/vault`, { headers: { cookie } });
    if (response.ok) {
      last = ((await response.json()) as VaultItem[]).find((item) => item.id === id);
      if (last?.workflow.failureReason) throw new Error(`track ${id} failed: ${last.workflow.failureReason}`);
      if (last && done(last)) return last;
    }
    if (Date.now() > deadline) throw new Error(`track ${id} not done within ${timeoutMs / 1000} s: ${JSON.stringify(last)}`);
    await sleep(pollMs);
  }
}

/** The pid in a Temporal worker identity (`<pid>@<host>`, the SDK's default). */
export function pidOfIdentity(identity: string | undefined | null): number | null {
  const match = /^(\d+)@/.exec(identity ?? '');
  return match ? Number(match[1]) : null;
}
