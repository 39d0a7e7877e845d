// A stand-in for AcoustID's web service on loopback (the tests have no network), speaking its
// documented lookup (https://acoustid.org/webservice) as AcoustID's server implements it
// (acoustid-server, acoustid/api/v2 and errors.py): `GET|POST /v2/lookup` with client, duration,
// fingerprint, meta (space- or plus-separated) and format; answers `{status: "ok", results: [...]}`
// or `{status: "error", error: {code, message}}` with the server's codes and HTTP statuses, checked
// in the server's order (format, client key, fingerprint and duration, then the rate limit).
//
// It holds a few recordings keyed by fingerprints fpcalc computed from the tests' own audio, and
// finds one when the compressed fingerprint is the same string and the durations differ by at most
// 7 s (AcoustID's default maxdurationdiff): the same file fingerprinted by the same fpcalc gives the
// same string. It does not decode fingerprints or score near ones (AcoustID's index does); each
// recording answers with the score it was given (1 by default), so a test can hold a weak match.
//
// Rate limit: at most `perSecond` lookups (3, AcoustID's terms) per client key in any sliding
// second, counted on arrival; one more is refused with code 14 (HTTP 429) and not counted, as the
// server does. AcoustID's own limiter averages over 20 s and would let short bursts through: the
// stand-in is stricter, so a client that passes here keeps to the terms second by second.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';

export interface StandInRecording {
  /** MusicBrainz recording id. */
  id: string;
  title: string;
  artists: string[];
  releases: { id: string; title: string }[];
}

export interface StandInTrack {
  /** The compressed fingerprint, as `fpcalc -json` prints it. */
  fingerprint: string;
  durationSeconds: number;
  /** AcoustID's track id. */
  acoustidId: string;
  recordings: StandInRecording[];
  /** The score this track is answered with (default 1). */
  score?: number;
}

export interface StandInLookup {
  /** Arrival, in ms since the epoch. */
  at: number;
  method: string;
  /** 'ok', or AcoustID's error code. */
  outcome: 'ok' | number;
  /** The results answered. */
  results: number;
}

export interface AcoustidStandIn {
  /** The base URL clients call (`<url>/lookup`), as ACOUSTID_URL. */
  readonly url: string;
  /** Every request to /v2/lookup, in arrival order. */
  readonly lookups: readonly StandInLookup[];
  add(track: StandInTrack): void;
  /** Fingerprints the file with fpcalc and holds it as this track. */
  addFile(file: string, track: Omit<StandInTrack, 'fingerprint' | 'durationSeconds'>): Promise<StandInTrack>;
  /** Answers the next `count` lookups that pass the parameter checks with AcoustID's "service unavailable" (code 13, HTTP 503). */
  failNext(count: number): void;
  /** The most lookups with this client key reaching the rate limiter within any one second (refused ones included). */
  busiestSecond(client: string): number;
  close(): Promise<void>;
}

const MAX_DURATION_DIFF = 7;
const ERRORS = {
  unknownFormat: 1,
  missingParameter: 2,
  invalidFingerprint: 3,
  invalidApiKey: 4,
  serviceUnavailable: 13,
  tooManyRequests: 14,
} as const;

class LookupError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export async function startAcoustidStandIn({ keys, perSecond = 3, port = 0 }: { keys: readonly string[]; perSecond?: number; port?: number }): Promise<AcoustidStandIn> {
  const tracks: StandInTrack[] = [];
  const lookups: StandInLookup[] = [];
  /** Arrival times of lookups the limiter counted, per client key. */
  const counted = new Map<string, number[]>();
  /** Arrival times of every lookup that reached the limiter, per client key. */
  const limited = new Map<string, number[]>();
  let failing = 0;

  function rateLimit(client: string, at: number): void {
    limited.set(client, [...(limited.get(client) ?? []), at]);
    const recent = (counted.get(client) ?? []).filter((t) => t > at - 1000);
    if (recent.length >= perSecond) {
      counted.set(client, recent);
      throw new LookupError(ERRORS.tooManyRequests, `rate limit (${perSecond.toFixed(6)} requests per second) exceeded, try again later`, 429);
    }
    counted.set(client, [...recent, at]);
  }

  function lookup(values: URLSearchParams, at: number): object {
    const format = values.get('format') ?? 'json';
    if (format !== 'json') throw new LookupError(ERRORS.unknownFormat, `unknown format "${format}"`);
    const client = values.get('client');
    if (!client) throw new LookupError(ERRORS.missingParameter, 'missing required parameter "client"');
    if (!keys.includes(client)) throw new LookupError(ERRORS.invalidApiKey, 'invalid API key');
    const fingerprint = values.get('fingerprint');
    if (!fingerprint) throw new LookupError(ERRORS.missingParameter, 'missing required parameter "fingerprint"');
    const duration = Number.parseInt(values.get('duration') ?? '', 10);
    if (!Number.isInteger(duration) || duration <= 0) throw new LookupError(ERRORS.missingParameter, 'missing required parameter "duration"');
    // A compressed fingerprint is URL-safe base64 of at least its 4-byte header.
    if (!/^[A-Za-z0-9_-]{6,}$/.test(fingerprint)) throw new LookupError(ERRORS.invalidFingerprint, 'invalid fingerprint');
    rateLimit(client, at);
    if (failing > 0) {
      failing--;
      throw new LookupError(ERRORS.serviceUnavailable, 'service currently unavailable, try again later', 503);
    }
    const meta = (values.get('meta') ?? '').split(/[\s+]+/).filter(Boolean);
    const found = tracks.filter((t) => t.fingerprint === fingerprint && Math.abs(t.durationSeconds - duration) <= MAX_DURATION_DIFF);
    return {
      results: found.map((t) => ({
        id: t.acoustidId,
        score: t.score ?? 1,
        ...(meta.includes('recordings')
          ? {
              recordings: t.recordings.map((r) => ({
                id: r.id,
                title: r.title,
                artists: r.artists.map((name) => ({ name })),
                ...(meta.includes('releases') ? { releases: r.releases.map((rel) => ({ id: rel.id, title: rel.title })) } : {}),
              })),
            }
          : {}),
      })),
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const at = Date.now();
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname !== '/v2/lookup') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const values = new URLSearchParams(url.search);
    if (request.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      for (const [name, value] of new URLSearchParams(body.toString('utf8'))) values.append(name, value);
    }
    let status = 200;
    let answer: object;
    let entry: StandInLookup;
    try {
      const ok = lookup(values, at) as { results: unknown[] };
      answer = { status: 'ok', ...ok };
      entry = { at, method: request.method ?? 'GET', outcome: 'ok', results: ok.results.length };
    } catch (error) {
      if (!(error instanceof LookupError)) throw error;
      status = error.status;
      answer = { status: 'error', error: { code: error.code, message: error.message } };
      entry = { at, method: request.method ?? 'GET', outcome: error.code, results: 0 };
    }
    lookups.push(entry);
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(answer));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const { port: bound } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${bound}/v2`,
    lookups,
    add(track) {
      tracks.push(track);
    },
    async addFile(file, track) {
      const { stdout } = await promisify(execFile)('fpcalc', ['-json', file]).catch((error: { stdout?: string }) => {
        // fpcalc 1.5 exits with 3 after FFmpeg's end-of-file warning, having printed the fingerprint.
        if (error.stdout) return { stdout: error.stdout };
        throw error;
      });
      const printed = JSON.parse(stdout) as { duration: number; fingerprint: string };
      const held = { ...track, fingerprint: printed.fingerprint, durationSeconds: Math.round(printed.duration) };
      tracks.push(held);
      return held;
    },
    failNext(count) {
      failing = count;
    },
    busiestSecond(client) {
      const times = limited.get(client) ?? [];
      let most = 0;
      for (let i = 0, j = 0; j < times.length; j++) {
        while (times[j]! - times[i]! >= 1000) i++;
        most = Math.max(most, j - i + 1);
      }
      return most;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
