// `npm run bench:analytics`: GET /api/analytics for one creator at a creator's scale, on the local
// Postgres server (BENCH_DATABASE_URL, else postgres://goose:goose@127.0.0.1:5432/postgres, in a
// fresh database dropped afterwards) and on PGlite (in memory). The goal: p95 ≤ 100 ms on Postgres.
//
// Seeding goes straight into the read models' own tables (each projection's schema, so the same
// indexes), in multi-row inserts through unnest(): replaying the events that would produce them is
// the projector's cost, measured by its own benches, not the overview's. One creator gets
// BENCH_TRACKS tracks (1,000) whose vault state is folded with the real `evolveTrack` from their
// lifecycle events (four content types; registered, cleared, held for review, in conflict, failed,
// mid-check), a royalty contract per track with 24 months of recorded earnings and monthly payout
// runs, 24 months of statement lines for 12 stores and 50 territories (three releases per store and
// territory each month, payable; a quarter also self-reported), BENCH_TOKEN_TRANSACTIONS token
// movements (10,000) over 24 months, 2,000 license sales and 200 releases. Another 20 creators get
// a share of rows too, so the creator's rows are not the whole table. The tables are then vacuumed
// and analysed, as autovacuum leaves a settled database.
//
// Measuring: BENCH_ROUNDS rounds (50) of the four periods (30d, 90d, 12m, all) through the route on
// a Fastify instance with the app's validator and serializer, after a warm-up.
//
// The last line of stdout is one JSON object with analyticsMsP95 and analyticsMsP95Pglite.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ANALYTICS_PERIODS } from '../../domain/contracts/analytics';
import { CONTENT_TYPES } from '../../domain/constants';
import { STORE_IDS } from '../../domain/distribution/catalogue';
import { evolveTrack, initialTrackState, type TrackState } from '../../domain/track/track.decider';
import type { TrackEvent } from '../../domain/track/track.events';
import { pgliteDb, postgresDb, type Db } from '../../infra/db/db';
import { logger } from '../../infra/logger/logger';
import { distributionsProjection } from '../../projections/distributions/projection';
import { licenseSalesProjection } from '../../projections/license-sales/projection';
import { royaltiesProjection } from '../../projections/royalties/projection';
import { statementsProjection } from '../../projections/statements/projection';
import { tokensProjection } from '../../projections/tokens/projection';
import { vaultProjection } from '../../projections/vault/projection';
import { analyticsRoutes } from '../../api/routes/analytics';
import { registerErrorHandler } from '../../api/plugins/error-handler';
import { zodValidatorCompiler } from '../../api/plugins/request-guard';
import { createTestDatabase } from '../support/postgres';
import { intFromEnv } from './bench-env';

const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://goose:goose@127.0.0.1:5432/postgres';
const TRACKS = intFromEnv('BENCH_TRACKS', 1_000);
const TOKEN_TRANSACTIONS = intFromEnv('BENCH_TOKEN_TRANSACTIONS', 10_000);
const ROUNDS = intFromEnv('BENCH_ROUNDS', 50);
const MONTHS = 24;
const STORES = STORE_IDS.slice(0, 12);
const TERRITORIES = 'US GB DE FR JP BR CA AU MX ES IT NL SE NO DK FI PL PT IE BE AT CH CZ HU RO GR TR IL AE SA IN ID TH VN PH MY SG KR TW HK NZ ZA NG KE EG AR CL CO PE UA'.split(' ');
const OTHER_CREATORS = 20;
const TARGET_MS = 100;
const DAY = 86_400_000;
const PROJECTIONS = [vaultProjection, tokensProjection, statementsProjection, royaltiesProjection, licenseSalesProjection, distributionsProjection];

/** A deterministic generator, so two runs seed the same figures. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows gathered column by column, inserted 5,000 at a time through unnest(). */
class Rows {
  private readonly columns: unknown[][];
  constructor(private readonly table: string, private readonly names: string[], private readonly types: string[]) {
    this.columns = names.map(() => []);
  }
  push(...values: unknown[]): void {
    values.forEach((value, index) => this.columns[index]!.push(value));
  }
  async insert(db: Db): Promise<void> {
    const count = this.columns[0]!.length;
    for (let from = 0; from < count; from += 5_000) {
      await db.query(
        `INSERT INTO ${this.table} (${this.names.join(', ')}) SELECT * FROM unnest(${this.types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`,
        this.columns.map((values) => values.slice(from, from + 5_000)),
      );
    }
  }
}

const sha = (n: number) => n.toString(16).padStart(64, '0');

/** The lifecycle events of one track up to `until`, as the workflow records them. */
function trackEvents(trackId: string, ownerId: string, index: number, until: string): TrackEvent[] {
  const storedName = `${trackId}.wav`;
  const analysis = (status: 'cleared' | 'needs_review' | 'conflict') => ({
    clearanceScore: status === 'cleared' ? 96 : 40,
    status,
    audioFingerprint: `gfp1-${index}`,
    melodicId: null,
    harmonicId: null,
    rhythmicId: null,
    databasesChecked: 2,
    recordsScanned: 3,
    conflicts: [],
    recommendations: [],
    reason: status === 'cleared' ? null : 'A melody like a registered work',
    notChecked: [],
    passages: [],
  });
  const events: Array<{ type: string; data: Record<string, unknown> }> = [
    { type: 'TrackUploadReceived', data: { trackId, ownerId, title: `Track ${index}`, description: '', contentType: CONTENT_TYPES[index % 7 === 0 ? 1 + (index % 3) : 0], royaltySplit: 80, originalName: `t${index}.wav`, detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 1_000_000, genre: 'Electronic' } },
    { type: 'TrackFileStored', data: { trackId, storedName, sha256: sha(index), size: 1_000_000 } },
    { type: 'TrackProbed', data: { trackId, format: 'wav', durationSeconds: 180, codec: 'pcm_s16le', sampleRate: 44100, channels: 2, bitRate: 1411200 } },
    { type: 'TrackCopyrightCheckStarted', data: { trackId, checkId: `c${index}`, storedName, sha256: sha(index) } },
  ];
  if (until === 'analyzing') return events as unknown as TrackEvent[];
  const verdict = until === 'held' ? 'needs_review' : until === 'conflict' ? 'conflict' : 'cleared';
  events.push({ type: 'TrackCopyrightChecked', data: { trackId, checkId: `c${index}`, sha256: sha(index), elapsedSeconds: 4, analysis: analysis(verdict) } });
  if (until === 'registered') {
    const txHash = sha(index).toUpperCase();
    const certificateId = `GOOSE-CERT-${index}`;
    events.push(
      { type: 'TrackRegistrationSigned', data: { trackId, certificateId, sha256: sha(index), storedName, network: 'testnet', account: 'r'.padEnd(30, 'x'), txHash, txBlob: 'AB', sequence: index, fee: '12', lastLedgerSequence: null } },
      { type: 'TrackRegistrationSubmitted', data: { trackId, txHash, outcome: 'awaiting_submission', engineResult: null, ledgerIndex: null, note: 'No ledger configured' } },
      { type: 'TrackCertificateIssued', data: { trackId, certificateId, certificate: { certificateId, xrplTxHash: txHash, sha256: sha(index) }, signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'p', canonicalization: 'RFC8785', value: 'v' } } },
      { type: 'TrackStoredInVault', data: { trackId, certificateId } },
    );
  }
  return events as unknown as TrackEvent[];
}

const STAGES = ['registered', 'registered', 'registered', 'cleared', 'cleared', 'held', 'conflict', 'analyzing'];

export async function seed(db: Db, creator: string): Promise<void> {
  for (const projection of PROJECTIONS) await db.query(projection.schema);
  const rand = random(31);
  const now = Date.now();
  const owners = [creator, ...Array.from({ length: OTHER_CREATORS }, () => randomUUID())];

  const vault = new Rows('vault_items', ['id', 'owner_id', 'workflow_id', 'state', 'progress', 'created_at', 'updated_at', 'stream_version'], ['uuid', 'uuid', 'text', 'jsonb', 'jsonb', 'timestamptz', 'timestamptz', 'int']);
  const contracts = new Rows(
    'royalty_contracts',
    ['contract_id', 'content_id', 'owner_id', 'content_title', 'template_type', 'status', 'royalty_split', 'distribution_schedule', 'minimum_threshold', 'total_earnings', 'distributed_amount', 'terms', 'canonical', 'terms_sha256', 'signature', 'network', 'xrp_amount', 'usd_amount', 'created_at', 'stream_version'],
    ['text', 'text', 'uuid', 'text', 'text', 'text', 'int', 'text', 'bigint', 'bigint', 'bigint', 'jsonb', 'text', 'text', 'jsonb', 'text', 'text', 'text', 'timestamptz', 'int'],
  );
  const earnings = new Rows('royalty_earnings', ['contract_id', 'reference', 'owner_id', 'amount_cents', 'source', 'description', 'occurred_at'], ['text', 'text', 'uuid', 'bigint', 'text', 'text', 'timestamptz']);
  const runs = new Rows('royalty_payout_runs', ['run_id', 'contract_id', 'owner_id', 'trigger', 'status', 'amount_cents', 'started_at', 'completed_at'], ['text', 'text', 'uuid', 'text', 'text', 'bigint', 'timestamptz', 'timestamptz']);
  const tracksOf = new Map<string, string[]>();
  for (const [o, owner] of owners.entries()) {
    const count = o === 0 ? TRACKS : Math.ceil(TRACKS / 10);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const trackId = randomUUID();
      ids.push(trackId);
      const events = trackEvents(trackId, owner, i, STAGES[i % STAGES.length]!);
      const state = events.reduce<TrackState>((folded, event) => evolveTrack(folded, event), initialTrackState);
      const createdAt = new Date(now - Math.floor(rand() * MONTHS * 30 * DAY));
      vault.push(trackId, owner, `track-lifecycle-${trackId}`, JSON.stringify(state), JSON.stringify({ mastering: null, check: null }), createdAt, new Date(createdAt.getTime() + 3_600_000), events.length);
      const contractId = `contract-${trackId}`;
      let total = 0;
      let paid = 0;
      for (let m = 0; m < MONTHS; m++) {
        const at = new Date(now - m * 30 * DAY);
        const amount = 50 + Math.floor(rand() * 2_000);
        total += amount;
        earnings.push(contractId, `statement-${m}-${i}`, owner, amount, m % 5 === 0 ? 'license_sale' : 'distribution_statement', 'Store sales', at);
        if (m % 3 === 0) {
          runs.push(`run-${trackId}-${m}`, contractId, owner, 'scheduled', m === 0 ? 'running' : 'completed', amount, at, m === 0 ? null : at);
          paid += amount;
        }
      }
      contracts.push(contractId, trackId, owner, `Track ${i}`, 'standard', 'active', 80, 'monthly', 1000, total, paid, '{}', '{}', sha(i), '{}', 'testnet', '1', '0.5', createdAt, 1);
    }
    tracksOf.set(owner, ids);
  }
  await vault.insert(db);
  await contracts.insert(db);
  await earnings.insert(db);
  await runs.insert(db);

  const lines = new Rows(
    'statement_line_royalties',
    ['batch_id', 'distribution_id', 'store', 'country', 'statement_id', 'importer_id', 'content_id', 'owner_id', 'period', 'lines', 'units', 'amount_cents', 'source', 'partner_id'],
    ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'bigint', 'bigint', 'text', 'text'],
  );
  const statements = new Rows('statements', ['statement_id', 'importer_id', 'file_name', 'imported_at', 'lines', 'matched', 'unmatched', 'duplicates', 'amount_cents', 'source', 'partner_id'], ['text', 'text', 'text', 'timestamptz', 'int', 'int', 'int', 'int', 'bigint', 'text', 'text']);
  for (const [o, owner] of owners.entries()) {
    const tracks = tracksOf.get(owner)!;
    const perCell = o === 0 ? 3 : 1;
    for (let m = 0; m < MONTHS; m++) {
      const first = new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - m, 1));
      const month = first.toISOString().slice(0, 7);
      const payableId = `partner-${owner}-${month}`;
      const selfId = `self-${owner}-${month}`;
      statements.push(selfId, owner, `statement-${month}.csv`, first, 100, 100, 0, 0, 1000, 'self_reported', null);
      for (const [s, store] of STORES.entries()) {
        for (const [t, country] of TERRITORIES.entries()) {
          for (let r = 0; r < perCell; r++) {
            const track = tracks[(m * 7 + s * 13 + t * 17 + r) % tracks.length]!;
            const units = Math.floor(rand() * 5_000);
            lines.push(`${payableId}/0/0`, `release-${track}`, store, country, payableId, 'partner:tunecore', track, owner, month, 1 + (units % 5), units, Math.floor(units * 0.4), 'partner_report', 'tunecore');
            if ((s + t + r) % 4 === 0) lines.push(`${selfId}/0/0`, `release-${track}`, store, country, selfId, owner, track, owner, month, 1, units, Math.floor(units * 0.35), 'self_reported', null);
          }
        }
      }
    }
  }
  await lines.insert(db);
  // The owners' sums the statements projection keeps beside the lines.
  for (const [table, key] of [['statement_owner_stores', 'store'], ['statement_owner_territories', 'country']]) {
    await db.query(
      `INSERT INTO ${table} (owner_id, period, estimate, ${key}, units, amount_cents)
       SELECT owner_id, period, source = 'self_reported', ${key}, sum(units), sum(amount_cents) FROM statement_line_royalties GROUP BY 1, 2, 3, 4`,
    );
  }
  await statements.insert(db);

  const accounts = new Rows('token_accounts', ['user_id', 'balance_micros', 'held_micros', 'stream_version', 'updated_at'], ['uuid', 'bigint', 'bigint', 'int', 'timestamptz']);
  const transactions = new Rows(
    'token_transactions',
    ['event_id', 'user_id', 'stream_version', 'kind', 'cause', 'status', 'amount_micros', 'available_after_micros', 'description', 'occurred_at'],
    ['uuid', 'uuid', 'int', 'text', 'text', 'text', 'bigint', 'bigint', 'text', 'timestamptz'],
  );
  for (const [o, owner] of owners.entries()) {
    const count = o === 0 ? TOKEN_TRANSACTIONS : Math.ceil(TOKEN_TRANSACTIONS / 10);
    let available = 0;
    const start = now - MONTHS * 30 * DAY;
    for (let i = 0; i < count; i++) {
      const credit = available < 50_000_000 || rand() < 0.4;
      const amount = credit ? 10_000_000 + Math.floor(rand() * 90_000_000) : -Math.min(available, 1_000_000 + Math.floor(rand() * 20_000_000));
      available += amount;
      const kind = credit ? 'credit' : i % 10 === 0 ? 'debit' : 'charge';
      transactions.push(randomUUID(), owner, i + 1, kind, credit ? 'purchase' : 'professional_mastering', kind === 'charge' ? 'charged' : 'completed', amount, available, credit ? 'Bought tokens' : 'Mastering', new Date(start + Math.floor((i / count) * MONTHS * 30 * DAY)));
    }
    accounts.push(owner, available, 0, count, new Date(now));
  }
  await accounts.insert(db);
  await transactions.insert(db);

  const sales = new Rows(
    'purchased_licenses',
    ['id', 'offer_id', 'work_id', 'work_title', 'owner_id', 'buyer_id', 'type', 'scope', 'territory', 'duration', 'currency', 'price_cents', 'payment_method', 'status', 'purchased_at', 'issued_at', 'stream_version'],
    ['text', 'text', 'text', 'text', 'uuid', 'uuid', 'text', 'text', 'text', 'text', 'text', 'int', 'text', 'text', 'timestamptz', 'timestamptz', 'int'],
  );
  const releases = new Rows(
    'distributions',
    ['id', 'content_id', 'owner_id', 'song_name', 'artist_name', 'album_name', 'primary_genre', 'label_name', 'release_date', 'sale_date', 'parental_advisory', 'royalty_split', 'selected_stores', 'status', 'created_at', 'updated_at', 'stream_version'],
    ['uuid', 'uuid', 'uuid', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'boolean', 'int', 'jsonb', 'text', 'timestamptz', 'timestamptz', 'int'],
  );
  for (const owner of owners) {
    const tracks = tracksOf.get(owner)!;
    for (let i = 0; i < (owner === creator ? 2_000 : 100); i++) {
      const at = new Date(now - Math.floor(rand() * MONTHS * 30 * DAY));
      const track = tracks[Math.floor(rand() * rand() * tracks.length)]!;
      sales.push(randomUUID(), `offer-${track}`, track, `Track ${tracks.indexOf(track)}`, owner, randomUUID(), 'commercial', 'worldwide', 'worldwide', 'perpetual', i % 4 === 0 ? 'QXMP' : 'USD', 2_500 + Math.floor(rand() * 10_000), 'card', i % 20 === 0 ? 'failed' : 'issued', at, at, 3);
    }
    for (let i = 0; i < (owner === creator ? 200 : 10); i++) {
      const at = new Date(now - Math.floor(rand() * MONTHS * 30 * DAY));
      releases.push(randomUUID(), tracks[i]!, owner, `Track ${i}`, 'Artist', 'Album', 'Electronic', 'Label', '2025-01-01', '2025-01-01', false, 80, JSON.stringify(STORES), 'distributed', at, at, 4);
    }
  }
  await sales.insert(db);
  await releases.insert(db);
  for (const table of ['vault_items', 'royalty_contracts', 'royalty_earnings', 'royalty_payout_runs', 'statement_line_royalties', 'statement_owner_stores', 'statement_owner_territories', 'statements', 'token_accounts', 'token_transactions', 'purchased_licenses', 'distributions']) {
    await db.query(`VACUUM ANALYZE ${table}`);
  }
}

/** The route on a Fastify instance with the app's validator, serializer and error answers; the creator is signed in. */
async function routeOn(db: Db, creator: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('services', { db } as unknown as FastifyInstance['services']);
  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (request) => {
    request.userId = creator;
  });
  await app.register(analyticsRoutes);
  await app.ready();
  return app;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]! * 100) / 100;
}

async function measure(db: Db, label: string): Promise<{ p95: number; median: number; seedSeconds: number; bytes: number }> {
  const creator = randomUUID();
  const seedStarted = performance.now();
  await seed(db, creator);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 10) / 100;
  logger.info({ database: label, seedSeconds }, 'analytics read models seeded');
  const app = await routeOn(db, creator);
  try {
    const ask = async (period: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/analytics?period=${period}` });
      if (response.statusCode !== 200) throw new Error(`GET /api/analytics?period=${period} answered ${response.statusCode}: ${response.body}`);
      return response.body.length;
    };
    for (const period of ANALYTICS_PERIODS) await ask(period);
    const samples: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const period of ANALYTICS_PERIODS) {
        const started = performance.now();
        bytes = Math.max(bytes, await ask(period));
        samples.push(performance.now() - started);
      }
    }
    return { p95: percentile(samples, 0.95), median: percentile(samples, 0.5), seedSeconds, bytes };
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase({ serverUrl, prefix: 'goose_bench_analytics' });
  // The pool the app opens (postgresDb's default size).
  const postgres = postgresDb(database.url);
  let onPostgres;
  try {
    onPostgres = await measure(postgres, database.label);
    logger.info(onPostgres, 'analytics measured on Postgres');
  } finally {
    await postgres.close();
    await database.drop();
  }
  const pglite = await pgliteDb();
  let onPglite;
  try {
    onPglite = await measure(pglite, 'PGlite');
    logger.info(onPglite, 'analytics measured on PGlite');
  } finally {
    await pglite.close();
  }
  const result = {
    tracks: TRACKS,
    tokenTransactions: TOKEN_TRANSACTIONS,
    statementMonths: MONTHS,
    stores: STORES.length,
    territories: TERRITORIES.length,
    requests: ROUNDS * ANALYTICS_PERIODS.length,
    database: database.label,
    answerBytesMax: onPostgres.bytes,
    analyticsMsMedian: onPostgres.median,
    analyticsMsP95: onPostgres.p95,
    analyticsMsMedianPglite: onPglite.median,
    analyticsMsP95Pglite: onPglite.p95,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  if (result.analyticsMsP95 > TARGET_MS) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
