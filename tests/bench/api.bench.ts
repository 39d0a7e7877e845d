// `npm run bench:api`: the API under load, on the whole platform as `npm start` runs it (embedded
// defaults: PGlite, the Temporal dev server, a fresh data directory), over loopback. It measures:
// - requestsPerSec, latencyMsP50/P99: BENCH_API_CLIENTS (50) concurrent clients, signed in as
//   BENCH_API_USERS creators with BENCH_API_TRACKS_PER_USER uploaded tracks each, reading
//   GET /api/vault for BENCH_API_SECONDS (30) s with autocannon (goals: ≥ 1,000 requests/s, p99 ≤ 100 ms);
// - uploadToRegisteredSeconds: a 3-minute track uploaded, its intake awaited, copyright-checked
//   and registered through the API (registration signed; submitted when XRPL_URL is set), wall
//   time from the upload's first byte to the registration's answer (goal: ≤ 10 s);
// - eventToBrowserMsP95: for every workflow event a signed-in websocket client receives during that
//   run, its arrival time minus the time the event store recorded it (goal: p95 ≤ 250 ms).
// The last line of stdout is one JSON object.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { encodeWav, music } from '../../infra/audio/test-signals';
import { signUpCreator, startPlatformProcess, uploadWav } from '../support/platform-process';
import { intFromEnv } from './bench-env';

const CLIENTS = intFromEnv('BENCH_API_CLIENTS', 50);
const USERS = intFromEnv('BENCH_API_USERS', 10);
const TRACKS_PER_USER = intFromEnv('BENCH_API_TRACKS_PER_USER', 3);
const SECONDS = intFromEnv('BENCH_API_SECONDS', 30);
const PORT = intFromEnv('BENCH_API_PORT', 3399);
const GOALS = { requestsPerSec: 1000, latencyMsP99: 100, uploadToRegisteredSeconds: 10, eventToBrowserMsP95: 250 };

interface VaultItem {
  id: string;
  trackStatus: string;
  workflow: { stage: string; failureReason: string | null; steps: { name: string; status: string }[] };
}

async function vault(baseUrl: string, cookie: string): Promise<VaultItem[]> {
  const response = await fetch(`${baseUrl}/api/vault`, { headers: { cookie } });
  if (!response.ok) throw new Error(`vault: ${response.status} ${await response.text()}`);
  return (await response.json()) as VaultItem[];
}

/** Waits until every listed item's intake is done (or stops the benchmark on a failed one). */
async function intakeDone(baseUrl: string, cookie: string, ids: string[]): Promise<void> {
  for (;;) {
    const items = (await vault(baseUrl, cookie)).filter((item) => ids.includes(item.id));
    const failed = items.find((item) => item.workflow.failureReason);
    if (failed) throw new Error(`intake of ${failed.id} failed: ${failed.workflow.failureReason}`);
    const done = items.filter((item) => item.workflow.steps.find((s) => s.name === 'probe')?.status === 'completed');
    if (done.length === ids.length) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function post(baseUrl: string, cookie: string, url: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { cookie } });
  const body = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;

async function main(): Promise<void> {
  const platform = await startPlatformProcess({ port: PORT });
  const { baseUrl } = platform;
  try {
    process.stderr.write(`seeding ${USERS} creators with ${TRACKS_PER_USER} tracks each\n`);
    const creators = await Promise.all(Array.from({ length: USERS }, (_, i) => signUpCreator(baseUrl, `bench_${Date.now()}_${i}`)));
    for (const creator of creators) {
      const ids = await Promise.all(Array.from({ length: TRACKS_PER_USER }, (_, i) => uploadWav(baseUrl, creator.cookie, `Bench take ${i + 1}`)));
      await intakeDone(baseUrl, creator.cookie, ids);
    }

    process.stderr.write(`${CLIENTS} clients reading the vault for ${SECONDS} s\n`);
    const load = await autocannon({
      url: `${baseUrl}/api/vault`,
      connections: CLIENTS,
      duration: SECONDS,
      setupClient: (() => {
        let next = 0;
        return (client: autocannon.Client) => client.setHeaders({ cookie: creators[next++ % creators.length]!.cookie });
      })(),
    });
    if (load.non2xx > 0 || load.errors > 0) throw new Error(`the vault load saw ${load.non2xx} non-2xx answers and ${load.errors} errors`);

    // One creator's 3-minute track from upload to registered, watched over the websocket.
    const creator = creators[0]!;
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/ws`, { headers: { cookie: creator.cookie } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const eventDelaysMs: number[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; recordedAt?: string };
      if (message.type === 'event' && message.recordedAt) eventDelaysMs.push(Date.now() - Date.parse(message.recordedAt));
    });
    const track = encodeWav(music({ seconds: 180, sampleRate: 44_100, seed: 7 }), 44_100, 2);
    const started = performance.now();
    const trackId = await uploadWav(baseUrl, creator.cookie, 'Three minutes', track);
    await intakeDone(baseUrl, creator.cookie, [trackId]);
    const check = (await post(baseUrl, creator.cookie, `/api/copyright-check/${trackId}`)) as { success: boolean; reason: string | null };
    if (!check.success) throw new Error(`the copyright check did not clear the track: ${check.reason}`);
    const registration = (await post(baseUrl, creator.cookie, `/api/copyright-register/${trackId}`)) as { ledgerStatus: string };
    const uploadToRegisteredSeconds = (performance.now() - started) / 1000;
    // The last events (certificate, vault) may still be on their way.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    socket.close();

    const result = {
      requestsPerSec: round(load.requests.average, 0),
      latencyMsP50: load.latency.p50,
      latencyMsP99: load.latency.p99,
      latencyMsMax: load.latency.max,
      requestsTotal: load.requests.total,
      clients: CLIENTS,
      seconds: SECONDS,
      vaultItemsPerUser: TRACKS_PER_USER,
      uploadToRegisteredSeconds: round(uploadToRegisteredSeconds, 2),
      registrationLedgerStatus: registration.ledgerStatus,
      eventToBrowserMsP95: round(percentile(eventDelaysMs, 95)),
      eventToBrowserMsP50: round(percentile(eventDelaysMs, 50)),
      eventsObserved: eventDelaysMs.length,
      goals: GOALS,
      withinGoals: {
        requestsPerSec: load.requests.average >= GOALS.requestsPerSec,
        latencyMsP99: load.latency.p99 <= GOALS.latencyMsP99,
        uploadToRegisteredSeconds: uploadToRegisteredSeconds <= GOALS.uploadToRegisteredSeconds,
        eventToBrowserMsP95: percentile(eventDelaysMs, 95) <= GOALS.eventToBrowserMsP95,
      },
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await platform.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
