// A client for AcoustID's web service lookup (https://acoustid.org/webservice): `POST <base>/lookup`
// with the application key (`client`), the Chromaprint fingerprint and the duration in whole
// seconds, `meta=recordings releases` for the MusicBrainz recordings and their releases, in JSON.
// Its answers: `{status: "ok", results: [{id, score, recordings: [{id, title, artists: [{name}],
// releases: [{id, title}]}]}]}`, or `{status: "error", error: {code, message}}` with the codes of
// AcoustID's server (acoustid/api/errors.py): 2 missing parameter, 3 invalid fingerprint, 4 invalid
// API key, 5 internal error (HTTP 500), 13 service unavailable (503), 14 too many requests (429),
// 17 unknown application. Every request, retries included, first takes a slot of the deployment's
// request budget (request-slots.ts); busy and failing answers are retried with backoff, a bounded
// number of times. The key is sent in the POST body, never in a URL, and never logged.
import { z } from 'zod';
import { logger } from '../logger/logger';
import { SlotsExhaustedError, type RequestSlots } from './request-slots';

/** A MusicBrainz recording AcoustID ties to a fingerprint, with the releases it appears on. */
export interface AcoustidRecording {
  mbid: string;
  title: string | null;
  artists: string[];
  releases: { mbid: string; title: string | null }[];
}

/** One AcoustID track (a cluster of near-identical fingerprints) the lookup found. */
export interface AcoustidResult {
  acoustidId: string;
  /** 0–1: how similar the upload's fingerprint is to the track's. */
  score: number;
  recordings: AcoustidRecording[];
}

/** AcoustID's documented error codes that the client treats apart. */
export const ACOUSTID_ERRORS = {
  missingParameter: 2,
  invalidFingerprint: 3,
  invalidApiKey: 4,
  internal: 5,
  serviceUnavailable: 13,
  tooManyRequests: 14,
  unknownApplication: 17,
} as const;

/**
 * Why a lookup got no answer:
 * key_refused: the application key is not valid (operators must fix ACOUSTID_API_KEY);
 * rate_limited: still refused as too frequent after every retry;
 * busy: this deployment's own budget had no slot soon enough;
 * unavailable: AcoustID answered with a server error after every retry;
 * unreachable: no answer at all (network, timeout) after every retry;
 * refused: AcoustID refused the request itself (a parameter or the fingerprint).
 */
export type AcoustidFailure = 'key_refused' | 'rate_limited' | 'busy' | 'unavailable' | 'unreachable' | 'refused';

export class AcoustidError extends Error {
  constructor(
    readonly failure: AcoustidFailure,
    message: string,
    /** AcoustID's error code, when it answered one. */
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'AcoustidError';
  }
}

const releaseSchema = z.object({ id: z.string(), title: z.string().optional() });
const recordingSchema = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  artists: z.array(z.object({ name: z.string() })).optional(),
  releases: z.array(releaseSchema).optional(),
});
const resultSchema = z.object({ id: z.string(), score: z.number(), recordings: z.array(recordingSchema).optional() });
const answerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), results: z.array(resultSchema).default([]) }),
  z.object({ status: z.literal('error'), error: z.object({ code: z.number().int(), message: z.string() }) }),
]);

export interface AcoustidWebServiceOptions {
  /** The web service's base, e.g. https://api.acoustid.org/v2; its /lookup is called. */
  baseUrl: string;
  apiKey: string;
  slots: RequestSlots;
  /** Retries after a busy, failing or missing answer (default 3: four requests at most). */
  retries?: number;
  /** The first retry's wait; each next one doubles it (default 1 s). */
  backoffMs?: number;
  /** How long one request may take (default 15 s). */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** What AcoustID's lookup asks for: the recordings and the releases they are on. */
export const LOOKUP_META = 'recordings releases';

export class AcoustidWebService {
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: AcoustidWebServiceOptions) {
    this.retries = options.retries ?? 3;
    this.backoffMs = options.backoffMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Looks a fingerprint up; throws AcoustidError when no answer could be had. */
  async lookup(fingerprint: string, durationSeconds: number): Promise<AcoustidResult[]> {
    const body = new URLSearchParams({ client: this.options.apiKey, duration: String(durationSeconds), fingerprint, meta: LOOKUP_META, format: 'json' });
    for (let attempt = 0; ; attempt++) {
      try {
        await this.options.slots.take();
      } catch (error) {
        if (error instanceof SlotsExhaustedError) throw new AcoustidError('busy', `too many lookups are waiting for AcoustID (${error.message})`);
        throw error;
      }
      const outcome = await this.send(body);
      if (outcome.ok) return outcome.results;
      if (!outcome.retry || attempt >= this.retries) throw outcome.error;
      const waitMs = this.backoffMs * 2 ** attempt;
      logger.warn({ acoustid: this.options.baseUrl, failure: outcome.error.failure, code: outcome.error.code, attempt: attempt + 1, retryInMs: waitMs }, 'AcoustID lookup failed; retrying');
      await this.sleep(waitMs);
    }
  }

  private async send(body: URLSearchParams): Promise<{ ok: true; results: AcoustidResult[] } | { ok: false; retry: boolean; error: AcoustidError }> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      return { ok: false, retry: true, error: new AcoustidError('unreachable', `AcoustID could not be reached: ${(error as Error).message}`) };
    }
    const text = await response.text().catch(() => '');
    const answer = parseAnswer(text);
    if (!answer) {
      const failing = response.status >= 500 || response.status === 429;
      return { ok: false, retry: failing, error: new AcoustidError(failing ? 'unavailable' : 'refused', `AcoustID answered HTTP ${response.status} without a readable answer`) };
    }
    if (answer.status === 'ok') return { ok: true, results: answer.results.map(toResult) };
    const { code, message } = answer.error;
    if (code === ACOUSTID_ERRORS.invalidApiKey || code === ACOUSTID_ERRORS.unknownApplication) return { ok: false, retry: false, error: new AcoustidError('key_refused', message, code) };
    if (code === ACOUSTID_ERRORS.tooManyRequests || response.status === 429) return { ok: false, retry: true, error: new AcoustidError('rate_limited', message, code) };
    if (code === ACOUSTID_ERRORS.serviceUnavailable || code === ACOUSTID_ERRORS.internal || response.status >= 500) {
      return { ok: false, retry: true, error: new AcoustidError('unavailable', message, code) };
    }
    return { ok: false, retry: false, error: new AcoustidError('refused', message, code) };
  }
}

function parseAnswer(text: string): z.infer<typeof answerSchema> | null {
  try {
    const parsed = answerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function toResult(result: z.infer<typeof resultSchema>): AcoustidResult {
  return {
    acoustidId: result.id,
    score: Math.min(1, Math.max(0, result.score)),
    // A recording without an id (AcoustID's own user metadata) names nothing in MusicBrainz.
    recordings: (result.recordings ?? []).flatMap((r) =>
      r.id ? [{ mbid: r.id, title: r.title ?? null, artists: (r.artists ?? []).map((a) => a.name), releases: (r.releases ?? []).map((rel) => ({ mbid: rel.id, title: rel.title ?? null })) }] : [],
    ),
  };
}
