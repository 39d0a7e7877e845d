// The marketplace listing's share of `npm run bench:registry`: seeds `offers` license offers into the
// licenses read model of the given database and measures the p95 of the listing's own query function
// (`listMarketplace`, what GET /api/licenses/marketplace runs) over text queries with filters and
// sorts (goal: p95 ≤ 50 ms). Seeding is one INSERT … SELECT over generate_series straight into
// `marketplace_offers` (the projection's table, its tsvector, trigram and filter-tag columns generated
// by the database), with varied titles, creators, content and license types, scopes, territories,
// currencies, prices, payment options, sales, ratings and verification; no events are appended.
// The listings asked are generated (`marketplaceQueries`): words, titles, typos, creators and no
// text, each with random filters, sort and page — see there.
// Run alone: `LOG_STREAM=stderr tsx tests/bench/marketplace-listing.ts` (DATABASE_URL, else
// TEST_DATABASE_URL's server in a fresh database, else PGlite in memory); the last line is JSON.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  LICENSE_CURRENCIES,
  LICENSE_SCOPES,
  PRICE_RANGE_MAX,
  LICENSE_TYPES,
  MARKETPLACE_SORTS,
  PAYMENT_OPTIONS,
  marketplaceQuerySchema,
  type MarketplaceQuery,
} from '../../domain/contracts/licensing';
import { pgliteDb, postgresDb, type Db } from '../../infra/db/db';
import { licensesProjection } from '../../projections/licenses/projection';
import { listMarketplace, NO_ESCROW } from '../../projections/licenses/queries';
import { createTestDatabase, postgresAvailable } from '../support/postgres';

const ADJECTIVES = ['midnight', 'golden', 'silent', 'electric', 'crimson', 'velvet', 'neon', 'hollow', 'broken', 'endless', 'lunar', 'wild', 'quiet', 'burning', 'frozen', 'distant', 'copper', 'paper', 'glass', 'summer', 'winter', 'restless', 'secret', 'faded', 'northern', 'desert', 'ocean', 'city', 'morning', 'shadow'];
const NOUNS = ['rain', 'drive', 'hearts', 'lights', 'river', 'echoes', 'dreams', 'harbor', 'skyline', 'garden', 'signal', 'thunder', 'waves', 'mirror', 'highway', 'fire', 'letters', 'stars', 'circuit', 'horizon', 'bloom', 'static', 'voices', 'tide', 'canyon', 'lanterns', 'motion', 'anthem', 'silence', 'orbit'];
const GENRES = ['Pop', 'Rock', 'Hip-Hop', 'Electronic', 'Jazz', 'Classical', 'Ambient', 'Folk', 'R&B', 'Soundtrack'];
const TERRITORIES = ['Worldwide', 'US', 'US, CA', 'EU', 'UK', 'JP'];
const NAMES = ['nova', 'ember', 'atlas', 'juniper', 'kai', 'lumen', 'marlow', 'oriel', 'piper', 'quinn', 'rhea', 'sol', 'tamsin', 'vesper', 'wren', 'zephyr', 'indigo', 'hollis', 'greer', 'faye'];
const DURATIONS = ['Perpetual', '1 year', '2 years', '6 months', '5 years'];

/** Fills the licenses read model's offers table with `count` offers (after creating its tables). */
export async function seedMarketplaceOffers(db: Db, count: number): Promise<void> {
  await db.query(licensesProjection.schema);
  const arr = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`;
  await db.query(`
    INSERT INTO marketplace_offers (offer_id, work_id, owner_id, work_title, creator, content_type, genre, license_type, scope, territory, duration, currency,
      price_cents, original_price_cents, payment_options, terms, status, total_sales, rating_count, rating_sum, ownership_verified, rights_cleared, oracle_score,
      dispute_count, contract_id, contract_status, royalty_rate, automatic_payouts, network, created_at, stream_version)
    SELECT 'bench-offer-' || i, 'bench-work-' || (i / 2), md5('owner' || (i % 5000))::uuid,
      initcap(a.adjectives[1 + (hashint / 7) % 30] || ' ' || a.nouns[1 + (hashint / 211) % 30]) || CASE WHEN hashint % 3 = 0 THEN ' ' || (hashint / 3 % 97) ELSE '' END,
      a.names[1 + (hashint / 13) % 20] || '_' || (hashint / 1009) % 250,
      (ARRAY['audio', 'audio', 'audio', 'video', 'image', 'text'])[1 + i % 6], a.genres[1 + (i * 3) % 10],
      (ARRAY['reproduction', 'distribution', 'public_performance', 'synchronization', 'adaptation', 'commercial_use'])[1 + (i * 5) % 6],
      (ARRAY['single_use', 'limited', 'extended', 'exclusive', 'royalty_free'])[1 + (i * 11) % 5],
      a.territories[1 + (i * 17) % 6], a.durations[1 + (i * 19) % 5],
      CASE WHEN i % 4 = 0 THEN 'QXMP' ELSE 'USD' END,
      100 + (hashint % 999900), CASE WHEN i % 5 = 0 THEN 100 + (hashint % 999900) + 2500 ELSE NULL END,
      CASE i % 4 WHEN 0 THEN ARRAY['stripe', 'qxmp_tokens'] WHEN 1 THEN ARRAY['qxmp_tokens'] WHEN 2 THEN ARRAY['stripe'] ELSE ARRAY['stripe', 'qxmp_tokens', 'polygon_escrow'] END,
      '{"permissions":["Use as licensed"],"restrictions":[],"attributionRequired":true,"commercialUse":true,"derivatives":true,"distribution":true,"customTerms":null}'::jsonb,
      CASE WHEN i % 20 = 0 THEN 'withdrawn' ELSE 'active' END,
      hashint % 500, hashint % 120, (hashint % 120) * (1 + hashint % 5),
      (hashint / 17) % 10 <> 0, (hashint / 19) % 8 <> 0, 60 + hashint % 41,
      0, CASE WHEN i % 3 = 0 THEN NULL ELSE 'contract-' || (i / 2) END,
      CASE WHEN i % 3 = 0 THEN 'pending' WHEN i % 50 = 1 THEN 'disputed' ELSE 'active' END,
      CASE WHEN i % 3 = 0 THEN 0 ELSE 70 + i % 16 END, i % 3 <> 0, CASE WHEN i % 3 = 0 THEN 'none' ELSE 'xrpl-testnet' END,
      now() - make_interval(secs => hashint % 31536000), 1
    FROM generate_series(1, ${count}) AS i,
      LATERAL (SELECT abs(hashtext('offer' || i)) AS hashint) AS h,
      (SELECT ${arr(ADJECTIVES)} AS adjectives, ${arr(NOUNS)} AS nouns, ${arr(GENRES)} AS genres, ${arr(TERRITORIES)} AS territories, ${arr(DURATIONS)} AS durations, ${arr(NAMES)} AS names) AS a
    ON CONFLICT (offer_id) DO NOTHING`);
  // As autovacuum leaves a live table: statistics and the visibility map (index-only counts).
  await db.query('VACUUM ANALYZE marketplace_offers');
}

/** A deterministic generator, so two runs ask the same questions. */
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

/** One letter swapped with the next: the typo the listing must forgive. */
function typo(word: string, rand: () => number): string {
  const at = 1 + Math.floor(rand() * (word.length - 2));
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/**
 * What buyers type and pick, `count` of them: a word or a title (two words), a mistyped word, a
 * creator, or no text at all, each with a random set of filters (content type, license type, scope,
 * territory, duration, currency, payment method, price range; the default "verified" and "no
 * disputes" on, sometimes off), a random sort and sometimes a later page.
 */
export function marketplaceQueries(count: number, seed = 15): MarketplaceQuery[] {
  const rand = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const texts: (() => string | undefined)[] = [
    () => undefined,
    () => pick([...ADJECTIVES, ...NOUNS]),
    () => `${pick(ADJECTIVES)} ${pick(NOUNS)}`,
    () => typo(pick([...ADJECTIVES, ...NOUNS].filter((w) => w.length >= 5)), rand),
    () => `${pick(NAMES)}_${Math.floor(rand() * 250)}`,
    () => pick(GENRES).toLowerCase(),
  ];
  const filters: (() => MarketplaceQuery)[] = [
    () => ({}),
    () => ({ contentType: pick(['audio', 'video', 'image', 'text'] as const) }),
    () => ({ licenseType: pick(LICENSE_TYPES) }),
    () => ({ scope: pick(LICENSE_SCOPES), territory: pick(TERRITORIES) }),
    () => ({ currency: pick(LICENSE_CURRENCIES), paymentMethod: pick(PAYMENT_OPTIONS) }),
    () => ({ duration: pick(DURATIONS), contentType: 'audio' }),
    () => {
      const min = Math.floor(rand() * 50) * 100;
      return { priceRange: `${min},${Math.min(PRICE_RANGE_MAX, min + pick([100, 500, 2000, 10000]))}` };
    },
  ];
  return Array.from({ length: count }, () => {
    const query = pick(texts)();
    const filter = { ...pick(filters)(), ...(rand() < 0.3 ? pick(filters)() : {}) };
    return {
      ...(query ? { query } : {}),
      ...filter,
      sortBy: pick(MARKETPLACE_SORTS),
      ...(rand() < 0.2 ? { onlyVerified: 'false' as const } : {}),
      ...(rand() < 0.2 ? { onlyNoDisputes: 'false' as const } : {}),
      ...(rand() < 0.15 ? { offset: 24 * (1 + Math.floor(rand() * 3)) } : {}),
    };
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Seeds `offers` offers into `db` and answers the listing query's p95 in milliseconds over `queries` varied listings (after a warm-up). */
export async function measureMarketplaceListing(
  db: Db,
  { offers = 100_000, queries = 400 }: { offers?: number; queries?: number } = {},
): Promise<{ marketplaceListingMsP95: number; marketplaceListingMsMedian: number; marketplaceQueries: number; marketplaceQueriesWithResults: number }> {
  await seedMarketplaceOffers(db, offers);
  const planned = marketplaceQueries(queries).map((query) => marketplaceQuerySchema.parse(query));
  for (const f of marketplaceQueries(20, 51).map((query) => marketplaceQuerySchema.parse(query))) await listMarketplace(db, f, NO_ESCROW);
  const timings: number[] = [];
  let withResults = 0;
  for (const f of planned) {
    const started = performance.now();
    const { total } = await listMarketplace(db, f, NO_ESCROW);
    timings.push(performance.now() - started);
    if (total > 0) withResults++;
  }
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    marketplaceListingMsP95: round(percentile(timings, 95)),
    marketplaceListingMsMedian: round(percentile(timings, 50)),
    marketplaceQueries: timings.length,
    marketplaceQueriesWithResults: withResults,
  };
}

async function main(): Promise<void> {
  const configured = process.env.DATABASE_URL;
  const database = configured ? null : (await postgresAvailable()) ? await createTestDatabase({ prefix: 'goose_bench' }) : null;
  const url = configured ?? database?.url ?? null;
  const db = url ? postgresDb(url, 2) : await pgliteDb();
  process.stderr.write(`marketplace listing bench on ${url ? (database?.label ?? 'DATABASE_URL') : 'PGlite (in memory)'}\n`);
  try {
    const result = await measureMarketplaceListing(db, { offers: Number(process.env.BENCH_MARKETPLACE_OFFERS ?? 100_000) });
    process.stdout.write(`${JSON.stringify({ ...result, goalMs: 50, database: url ? 'postgres' : 'pglite' })}\n`);
  } finally {
    await db.close();
    await database?.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
