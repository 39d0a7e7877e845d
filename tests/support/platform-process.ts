// The whole platform as `npm start` runs it (ops/start.ts, embedded defaults) in a child process
// with a fresh data directory, for the fuzz run and the API benchmark.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sineWav } from './audio';
import { multipartBody } from './multipart';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface PlatformProcess {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** `baseEnv` replaces this process's environment, for a server that must start from exactly the settings given. */
export async function startPlatformProcess({
  port,
  env = {},
  baseEnv = process.env,
  startTimeoutMs = 180_000,
}: {
  port: number;
  env?: Record<string, string>;
  baseEnv?: NodeJS.ProcessEnv;
  startTimeoutMs?: number;
}): Promise<PlatformProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'goose-platform-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Node with tsx's loader, not `npx tsx`: one process instead of three, and a second of CPU less to start.
  const app = spawn(process.execPath, ['--import', 'tsx', 'ops/start.ts'], {
    cwd: ROOT,
    env: { ...baseEnv, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    const group = app.pid;
    if (group && groupAlive(group)) {
      process.kill(-group, 'SIGTERM');
      // Wait for the whole group (the app's own children too), and kill what outlives the grace period.
      const deadline = Date.now() + STOP_GRACE_MS;
      while (groupAlive(group) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      if (groupAlive(group)) process.kill(-group, 'SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (app.exitCode !== null) throw new Error(`the platform exited with code ${app.exitCode} before it answered`);
      if (await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`the platform did not answer /api/health within ${startTimeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}

const STOP_GRACE_MS = 20_000;

/** Whether any process of the group led by `pid` is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signs a new creator up and answers with the session cookie (`goose_session=…`) and the user's id. */
export async function signUpCreator(baseUrl: string, username: string): Promise<{ cookie: string; userId: string }> {
  const response = await fetch(`${baseUrl}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'a long creator passphrase' }) });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('goose_session='))!.split(';')[0]!;
  return { cookie, userId: ((await response.json()) as { user: { id: string } }).user.id };
}

/** Uploads a WAV through the API; answers with the new content item's id. */
export async function uploadWav(baseUrl: string, cookie: string, title: string, content: Buffer = sineWav({ seconds: 2 })): Promise<string> {
  const { payload, headers } = multipartBody({ title, contentType: 'music' }, { filename: `${title.replace(/\W+/g, '-')}.wav`, contentType: 'audio/wav', content });
  const response = await fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { ...headers, cookie }, body: payload });
  if (response.status !== 202) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}
