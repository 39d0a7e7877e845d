// AcoustID as the copyright check's outside catalogue (the ExternalCatalogue port of
// infra/audio/oracle.ts), used when ACOUSTID_API_KEY is set: the upload's Chromaprint fingerprint
// (fpcalc) is looked up in AcoustID's catalogue of MusicBrainz recordings, and every recording found
// at a score of ACOUSTID_MATCH_SCORE or more becomes an external match, which holds the upload for
// review. A lookup that could not be made says why in plain words (state `unavailable`): it is never
// taken for "no match". Answers are cached (lookup-cache.ts) and requests share the deployment's
// budget of 3 a second (request-slots.ts).
import type { ExternalMatch } from '../../domain/contracts/copyright-sources';
import type { ExternalCatalogue, ExternalCatalogueAnswer } from '../audio/oracle';
import type { AcoustidConfig } from '../config';
import type { Queryable } from '../db/db';
import type { Migration } from '../db/migrate';
import { logger } from '../logger/logger';
import { chromaprint, FingerprintFailedError, fpcalcBinary, FpcalcMissingError, fpcalcVersion, type Chromaprint } from './chromaprint';
import { cacheKey, LookupCache, lookupCacheMigrations } from './lookup-cache';
import { RequestSlots, requestSlotMigrations } from './request-slots';
import { AcoustidError, AcoustidWebService, type AcoustidFailure, type AcoustidResult } from './web-service';

/** The request budget and the answers' cache: applied with the oracle's tables wherever checks run. */
export const acoustidMigrations: readonly Migration[] = [...requestSlotMigrations, ...lookupCacheMigrations];

/**
 * AcoustID's score (its fingerprint similarity, 0–1) from which a recording is an external match:
 * the bar beets' Chromaprint plugin also uses before it trusts a lookup. A match only holds the
 * upload for a person to look at, so a borderline one costs a review, not a refusal.
 */
export const ACOUSTID_MATCH_SCORE = 0.5;
/**
 * AcoustID's terms: no more than 3 requests a second. Slots are 370 ms apart rather than 333, so
 * that a request delayed on its way (a busy event loop, the network) still arrives within them.
 */
export const ACOUSTID_REQUEST_GAP_MS = 370;
/** A check waits at most this long for its turn to ask; a longer queue answers "unavailable". */
const MAX_SLOT_WAIT_MS = 60_000;
/** External matches kept per check, best first. */
const MAX_MATCHES = 10;

/** What the user reads after "AcoustID could not be asked (…)". */
const FAILURE_NOTES: Record<AcoustidFailure, string> = {
  key_refused: "AcoustID did not accept this server's application key",
  rate_limited: 'AcoustID kept refusing lookups as too frequent',
  busy: 'too many checks were waiting to ask AcoustID',
  unavailable: "AcoustID's service was unavailable",
  unreachable: 'AcoustID could not be reached',
  refused: 'AcoustID refused the lookup',
};

export interface AcoustidCatalogueOptions {
  db: Queryable;
  config: AcoustidConfig;
  /** The fpcalc binary; FPCALC, else `fpcalc` on PATH. */
  fpcalc?: string;
  /** Retries and their first backoff (tests shorten them). */
  retries?: number;
  backoffMs?: number;
}

export class AcoustidCatalogue implements ExternalCatalogue {
  private readonly service: AcoustidWebService;
  private readonly cache: LookupCache;
  private readonly fpcalc: string;
  private readonly baseUrl: string;
  /** Lookups under way in this process, by cache key: the same upload asked twice at once is sent once. */
  private readonly inFlight = new Map<string, Promise<AcoustidResult[]>>();

  constructor(options: AcoustidCatalogueOptions) {
    const { db, config } = options;
    this.fpcalc = fpcalcBinary(options.fpcalc);
    this.baseUrl = config.baseUrl;
    this.cache = new LookupCache(db);
    const slots = new RequestSlots(db, { scope: config.baseUrl, gapMs: ACOUSTID_REQUEST_GAP_MS, maxWaitMs: MAX_SLOT_WAIT_MS });
    this.service = new AcoustidWebService({ baseUrl: config.baseUrl, apiKey: config.apiKey, slots, retries: options.retries, backoffMs: options.backoffMs });
  }

  async lookup(file: string, durationSeconds: number): Promise<ExternalCatalogueAnswer> {
    let print: Chromaprint;
    try {
      print = await chromaprint(file, this.fpcalc);
    } catch (error) {
      if (error instanceof FpcalcMissingError) {
        logger.error({ fpcalc: this.fpcalc }, 'AcoustID is configured but fpcalc is missing: install libchromaprint-tools or set FPCALC');
        return unavailable('the Chromaprint fingerprinter is not installed on this server');
      }
      if (error instanceof FingerprintFailedError) {
        logger.warn({ err: error }, 'no Chromaprint fingerprint for AcoustID');
        return unavailable('the Chromaprint fingerprint of this file could not be computed');
      }
      throw error;
    }
    // AcoustID compares whole seconds; fpcalc's duration is the file's, the oracle's the decoded audio's.
    const duration = Math.max(1, Math.round(print.durationSeconds || durationSeconds));
    try {
      const results = await this.results(print.fingerprint, duration);
      return { state: 'asked', matches: matchesOf(results) };
    } catch (error) {
      if (!(error instanceof AcoustidError)) throw error;
      if (error.failure === 'key_refused') {
        logger.error({ acoustid: this.baseUrl, code: error.code }, 'AcoustID refused the application key: set a valid ACOUSTID_API_KEY (checks say AcoustID could not be asked)');
      } else {
        logger.warn({ acoustid: this.baseUrl, failure: error.failure, code: error.code, err: error }, 'AcoustID lookup gave no answer');
      }
      return unavailable(error.failure === 'refused' ? `${FAILURE_NOTES.refused}: ${error.message}` : FAILURE_NOTES[error.failure]);
    }
  }

  private async results(fingerprint: string, durationSeconds: number): Promise<AcoustidResult[]> {
    const key = cacheKey(fingerprint, durationSeconds);
    const cached = await this.cache.get(key);
    if (cached) return cached;
    const flightKey = `${key.fingerprintSha256}:${key.durationSeconds}`;
    const running = this.inFlight.get(flightKey);
    if (running) return running;
    const asking = (async () => {
      const results = await this.service.lookup(fingerprint, durationSeconds);
      await this.cache.put(key, results);
      logger.info({ results: results.length, durationSeconds }, 'AcoustID asked');
      return results;
    })().finally(() => this.inFlight.delete(flightKey));
    this.inFlight.set(flightKey, asking);
    return asking;
  }
}

function unavailable(note: string): ExternalCatalogueAnswer {
  return { state: 'unavailable', matches: [], note };
}

/** Every MusicBrainz recording of a result at the threshold or above, once (its best score), best first. */
export function matchesOf(results: readonly AcoustidResult[]): ExternalMatch[] {
  const byRecording = new Map<string, ExternalMatch>();
  for (const result of results) {
    if (result.score < ACOUSTID_MATCH_SCORE) continue;
    for (const recording of result.recordings) {
      if ((byRecording.get(recording.mbid)?.score ?? -1) >= result.score) continue;
      const release = recording.releases[0];
      byRecording.set(recording.mbid, {
        source: 'acoustid',
        acoustidId: result.acoustidId,
        score: result.score,
        recording: { mbid: recording.mbid, title: recording.title, artists: recording.artists },
        release: release ? { mbid: release.mbid, title: release.title } : null,
      });
    }
  }
  return [...byRecording.values()].sort((a, b) => b.score - a.score).slice(0, MAX_MATCHES);
}

/**
 * The check's AcoustID catalogue when the server has a key (config.acoustid), else none: the result
 * then says it was not asked. Operators learn at start, not at the first check, that fpcalc is missing.
 */
export function openAcoustidCatalogue(config: AcoustidConfig | null, db: Queryable): ExternalCatalogue | undefined {
  if (!config) return undefined;
  const fpcalc = fpcalcBinary();
  void fpcalcVersion(fpcalc).then((version) => {
    if (version) logger.info({ acoustid: config.baseUrl, fpcalc: version }, 'AcoustID lookups on');
    else logger.error({ acoustid: config.baseUrl, fpcalc }, 'ACOUSTID_API_KEY is set but fpcalc cannot be run: install libchromaprint-tools or set FPCALC; until then checks say AcoustID could not be asked');
  });
  return new AcoustidCatalogue({ db, config, fpcalc });
}
