// `npm run bench:registry`: registry search and marketplace listing on the configured Postgres server
// (DATABASE_URL, else TEST_DATABASE_URL, else the local test server), in a fresh database dropped
// afterwards. The target: p95 ≤ 50 ms for text queries with filters and facets, on 100,000
// works and 100,000 license offers.
//
// Seeding: BENCH_WORKS works go straight into the works projection's own table (its schema, so the
// same generated tsvector and trigram columns and the same indexes), in multi-row inserts of 5,000
// through unnest() over one array per column — the events that would have produced them are not
// replayed (that is the projector's cost, not the search's). The rows vary as a registry does:
// 2–3-word titles from a 240-word vocabulary, 2,000 creators, 20 genres with a long tail, 4 content
// types, scores 50–100, every verification level, identifiers on a share of them (valid check
// digits), three years of dates, 5 % not registered (never returned).
//
// Measuring: BENCH_QUERIES searches through `searchWorks` (the route's query function) after a
// warm-up: exact titles, one-typo titles, creators, single words and identifiers, each with a random
// filter (content type, level, date range, identifier type or none) and sort; the facets come with
// every answer. Then `measureMarketplaceListing` from ./marketplace-listing (the offers' bench).
//
// The last line of stdout is one JSON object with registrySearchMsP95 and marketplaceListingMsP95.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { DATE_RANGES, REGISTRY_SORTS, type WorkSearchQuery } from '../../domain/contracts/registry';
import { gtinCheckDigit, iswcCheckDigit, mod11_2CheckCharacter } from '../../domain/registry/identifiers';
import { verificationLevelOf } from '../../domain/registry/verification-level';
import { postgresDb, type Db } from '../../infra/db/db';
import { logger } from '../../infra/logger/logger';
import { WORKS_SCHEMA } from '../../projections/works/projection';
import { searchWorks } from '../../projections/works/queries';
import { createTestDatabase } from '../support/postgres';
import { intFromEnv } from './bench-env';
import { measureMarketplaceListing } from './marketplace-listing';

const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://goose:goose@127.0.0.1:5432/postgres';
const WORKS = intFromEnv('BENCH_WORKS', 100_000);
const OFFERS = intFromEnv('BENCH_OFFERS', 100_000);
const QUERIES = intFromEnv('BENCH_QUERIES', 400);
const BATCH = 5_000;
/** The target for both p95 figures. */
const TARGET_MS = 50;


const WORDS = (
  'midnight rain neon harbor velvet echo golden river silent storm crimson sky paper comet glass orchard copper tide ' +
  'electric dream hollow moon silver lining broken compass wild heart lost signal northern light summer haze winter ' +
  'ember city lights ocean drive desert rose falling star amber wave distant shore fading memory open road secret ' +
  'garden shadow dance morning dew evening glow burning bridge frozen lake hidden valley endless night crystal cave ' +
  'thunder road violet hour iron will soft focus blue hour last call first light slow motion high tide low tide ' +
  'paper plane glass house stone age gold rush sugar rush fever pitch heat wave cold front dark matter bright side ' +
  'wooden heart static noise radio silence satellite orbit gravity pull magnetic field tidal lock solar flare lunar ' +
  'eclipse velvet underground marble hall ivory tower copper kettle rusty gate painted desert whisper canyon mirror ' +
  'maze lantern festival harbor bells rainy season quiet storm neon tiger paper tiger crystal river emerald forest ' +
  'scarlet letter purple haze indigo night saffron sun cobalt sea jade temple ruby road onyx sky pearl diver opal ' +
  'dream cedar grove willow creek maple leaf birch wood pine ridge aspen trail sage meadow fern gully moss garden'
).split(' ');
const GENRES = ['Pop', 'Hip-Hop', 'Electronic', 'Rock', 'House', 'Ambient', 'Jazz', 'Classical', 'R&B', 'Techno', 'Folk', 'Indie', 'Metal', 'Soul', 'Reggae', 'Country', 'Blues', 'Latin', 'Synthwave', 'Spoken Word'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'te', 'zu', 'no', 'vi', 'sa', 'de', 'bo', 'li', 'ne', 'to', 'ya', 'ro'];

/** A deterministic generator, so two runs seed the same registry. */
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

const rand = random(15);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
/** Skewed towards the front of the list (a genre's popularity falls off). */
const pickSkewed = <T>(items: readonly T[]): T => items[Math.floor(rand() * rand() * items.length)]!;
const digits = (n: number, width: number) => String(n).padStart(width, '0');

const creators = Array.from({ length: 2_000 }, (_, i) => `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}_${i}`);

interface SeededWork {
  title: string;
  creator: string;
  isrc: string | null;
}

export async function seedWorks(db: Db): Promise<SeededWork[]> {
  const seeded: SeededWork[] = [];
  const now = Date.now();
  for (let start = 0; start < WORKS; start += BATCH) {
    const columns: unknown[][] = Array.from({ length: 22 }, () => []);
    for (let i = start; i < Math.min(WORKS, start + BATCH); i++) {
      const title = Array.from({ length: 2 + Math.floor(rand() * 2) }, () => pick(WORDS)).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
      const creator = pick(creators);
      const roll = rand();
      const contentType = roll < 0.7 ? 'audio' : roll < 0.8 ? 'video' : roll < 0.9 ? 'image' : 'text';
      const score = Math.round((50 + rand() * 50) * 10) / 10;
      const oracleStatus = score >= 70 ? 'cleared' : 'needs_review';
      const ledgerStatus = rand() < 0.6 ? 'validated' : 'awaiting_submission';
      const isrc = rand() < 0.3 ? `US${pick(['GS', 'RC', 'UM', 'SM'])}${String.fromCharCode(65 + (i % 26))}${digits(i % 100, 2)}${digits(i, 5).slice(-5)}` : null;
      const iswcBody = digits(i, 9);
      const iswc = rand() < 0.1 ? `T${iswcBody}${iswcCheckDigit(iswcBody)}` : null;
      const upcBody = `8${digits(i, 10)}`;
      const upc = rand() < 0.05 ? `${upcBody}${gtinCheckDigit(upcBody)}` : null;
      const isniBody = `0000000${digits(i, 8)}`;
      const isni = rand() < 0.05 ? `${isniBody}${mod11_2CheckCharacter(isniBody)}` : null;
      const registered = rand() >= 0.05;
      const createdAt = new Date(now - Math.floor(rand() * 3 * 365 * 86_400_000));
      const identifierCount = [isrc, iswc, upc, isni].filter(Boolean).length;
      const level = verificationLevelOf({ certificateIssued: registered, certificateSigned: registered, oracleStatus, ledgerStatus, identifierCount, upheldDisputes: 0 });
      const id = `00000000-0000-4000-8000-${digits(i, 12)}`;
      const values = [
        id, `10000000-0000-4000-8000-${digits(creators.indexOf(creator), 12)}`, title, `${pickSkewed(GENRES)} piece about ${pick(WORDS)} and ${pick(WORDS)}`, creator,
        contentType, pickSkewed(GENRES), oracleStatus, score, registered ? `GOOSE-CERT-${digits(i, 8)}` : null, registered,
        registered ? new Date(createdAt.getTime() + 3_600_000) : null, ledgerStatus, isrc, iswc, isni, upc,
        Math.floor(rand() * 4), Math.floor(rand() * rand() * 20), level.level, level.reason, createdAt,
      ];
      values.forEach((value, column) => columns[column]!.push(value));
      if (registered) seeded.push({ title, creator, isrc });
    }
    await db.query(
      `INSERT INTO registry_works (id, owner_id, title, description, creator, content_type, genre, oracle_status, oracle_score, certificate_id,
         certificate_signed, registered_at, ledger_status, isrc, iswc, isni, upc, licenses_available, licenses_active, verification_level,
         verification_reason, created_at, track_version)
       SELECT *, 5 FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::float8[],
         $10::text[], $11::boolean[], $12::timestamptz[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[], $18::int[], $19::int[],
         $20::text[], $21::text[], $22::timestamptz[])`,
      columns,
    );
  }
  await db.query('ANALYZE registry_works');
  return seeded;
}

/** One letter swapped with the next: the kind of typo the search must forgive. */
function typo(text: string): string {
  const at = 1 + Math.floor(rand() * (text.length - 3));
  if (text[at] === ' ' || text[at + 1] === ' ') return text.slice(0, at) + text.slice(at + 1);
  return text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2);
}

export function queries(seeded: SeededWork[]): WorkSearchQuery[] {
  const withIsrc = seeded.filter((w) => w.isrc);
  const filters: (() => Partial<WorkSearchQuery>)[] = [
    () => ({}),
    () => ({ contentType: pick(['audio', 'video', 'image', 'text']) }),
    () => ({ verificationLevel: pick(['basic', 'enhanced', 'gold']) }),
    () => ({ dateRange: pick(DATE_RANGES.filter((r) => r !== 'all')) }),
    () => ({ identifierType: 'isrc' }),
  ];
  return Array.from({ length: QUERIES }, (_, i) => {
    const work = pick(seeded);
    const text = [work.title, typo(work.title), work.creator, pick(WORDS), pick(withIsrc).isrc!][i % 5]!;
    return { query: text, sortBy: rand() < 0.6 ? 'relevance' : pick(REGISTRY_SORTS), ...pick(filters)() };
  });
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]! * 100) / 100;
}

export async function measureRegistrySearch(db: Db, seeded: SeededWork[]) {
  const planned = queries(seeded);
  for (const query of planned.slice(0, 20)) await searchWorks(db, query);
  const samples: number[] = [];
  let found = 0;
  for (const query of planned) {
    const started = performance.now();
    const answer = await searchWorks(db, query);
    samples.push(performance.now() - started);
    if (answer.works.length > 0) found++;
  }
  return { registrySearchMsP95: percentile(samples, 0.95), registrySearchMsMedian: percentile(samples, 0.5), queries: samples.length, queriesWithResults: found };
}

async function main(): Promise<void> {
  const database = await createTestDatabase({ serverUrl, prefix: 'goose_bench_registry' });
  const db = postgresDb(database.url, 4);
  try {
    await db.query(WORKS_SCHEMA);
    const seedStarted = performance.now();
    const seeded = await seedWorks(db);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 10) / 100;
    logger.info({ works: WORKS, seedSeconds }, 'registry seeded');
    const registry = await measureRegistrySearch(db, seeded);
    logger.info(registry, 'registry search measured');
    const marketplace = await measureMarketplaceListing(db, { offers: OFFERS, queries: QUERIES });
    logger.info(marketplace, 'marketplace listing measured');
    const result = { works: WORKS, offers: OFFERS, seedSeconds, database: database.label, ...registry, ...marketplace };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    if (result.registrySearchMsP95 > TARGET_MS || result.marketplaceListingMsP95 > TARGET_MS) process.exitCode = 1;
  } finally {
    await db.close();
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
