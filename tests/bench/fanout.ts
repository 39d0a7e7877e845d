// Event-to-browser latency across API processes (bench:scale's `fanoutMsP95`, goal ≤ 250 ms): one
// change after another is committed to the change log, and every given websocket (browsers on
// different API processes) must hear each; the time from the start of its commit to each arrival
// is one sample. The fan-out test runs it and bench:scale reuses it with its own producer (the
// real projector) and its own API processes.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { realtimeMessageSchema } from '../../domain/contracts/realtime';

export interface FanoutFigures {
  events: number;
  sockets: number;
  p50Ms: number;
  /** `fanoutMsP95`. */
  p95Ms: number;
  maxMs: number;
}

export interface FanoutOptions {
  /** ws:// addresses of /api/ws on each API process. */
  socketUrls: readonly string[];
  /** The session cookie of the user whose changes `produce` makes. */
  cookie: string;
  /** Makes one change the user hears of, about `subjectId`; resolves once it has committed. */
  produce(subjectId: string): Promise<void>;
  events?: number;
  /** Pause between one change and the next (0: back to back). */
  intervalMs?: number;
  /** How long one change may take to reach every socket before the measure fails. */
  timeoutMs?: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Opens one socket per URL for the user, once each says hello. */
export async function openSockets(socketUrls: readonly string[], cookie: string): Promise<WebSocket[]> {
  return Promise.all(
    socketUrls.map(
      (url) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(url, { headers: { cookie } });
          socket.once('message', () => resolve(socket));
          socket.once('error', reject);
          socket.once('close', (code) => reject(new Error(`socket closed with ${code} before its hello`)));
        }),
    ),
  );
}

export async function measureFanout({ socketUrls, cookie, produce, events = 200, intervalMs = 5, timeoutMs = 10_000 }: FanoutOptions): Promise<FanoutFigures> {
  const sockets = await openSockets(socketUrls, cookie);
  /** Per subject, the sockets still to hear it, and when its commit started. */
  const pending = new Map<string, { started: number; left: Set<WebSocket>; done: () => void }>();
  const samples: number[] = [];
  for (const socket of sockets) {
    socket.on('message', (data) => {
      const arrived = performance.now();
      const message = realtimeMessageSchema.safeParse(JSON.parse(String(data)));
      if (!message.success || message.data.type !== 'event') return;
      const waiting = pending.get(message.data.subjectId);
      if (!waiting?.left.delete(socket)) return;
      samples.push(arrived - waiting.started);
      if (waiting.left.size === 0) waiting.done();
    });
  }
  try {
    const arrivals: Array<Promise<void>> = [];
    for (let index = 0; index < events; index++) {
      const subjectId = `fanout-${index}-${performance.now().toFixed(0)}`;
      let timer: NodeJS.Timeout | undefined;
      const arrival = new Promise<void>((resolve, reject) => {
        pending.set(subjectId, { started: performance.now(), left: new Set(sockets), done: resolve });
        timer = setTimeout(() => reject(new Error(`change ${index} did not reach every socket within ${timeoutMs} ms`)), timeoutMs);
      }).finally(() => clearTimeout(timer));
      // Awaited together below; a timeout while changes are still being made must not go unhandled meanwhile.
      arrival.catch(() => undefined);
      arrivals.push(arrival);
      await produce(subjectId);
      if (intervalMs > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    await Promise.all(arrivals);
  } finally {
    for (const socket of sockets) socket.terminate();
  }
  const sorted = samples.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { events, sockets: sockets.length, p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), maxMs: round(sorted.at(-1)!) };
}
