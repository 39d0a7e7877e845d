// `npm run bench:creation`: the creation engine on this machine, end to end. Every song is asked for
// as the studio asks (a GenerationRequested event with the request, its hash and seed) and made by
// the song-generation workflow's own activity (`produceSong`: lyrics, the composer, MIDI, the render
// pool, the files and the provenance record), with PGlite in memory as its event store:
// - previewSecondsP50: a 30-s instrumental sketch, median of BENCH_PREVIEW_RUNS (each song is
//   rendered by the pool's workers together: its notes shared out, one part per worker);
// - songSecondsP50: a 3-minute instrumental, median of BENCH_SONG_RUNS;
// - fullSongSecondsP95: a 3-minute song with vocals and stems, then the platform's mastering chain
//   (masterTrack, as the track's lifecycle runs it), over BENCH_FULL_RUNS; `notes` says which
//   stages do not exist yet and were not measured;
// - byteIdentical: every file of every repeat (preview, song, full song) has the first run's SHA-256;
// - stemResidualDb: a composed sketch's stems summed against the same MIDI rendered with every
//   channel together (before any gain);
// - keyMatchRate / tempoMatchRate, mutualConflicts: BENCH_SONGS songs (default 40) of
//   BENCH_MATCH_SECONDS each, from a fixed list of requests across the spec's genres, moods, styles,
//   keys and tempi, the last ones the first ones again with the next seed (a variation). Each is put
//   through the copyright check (analyzeContent) and registered on clearing, as the track lifecycle
//   does, into a fresh oracle index: each song is checked against every one before it, so every
//   pair is compared once (mutualConflicts counts the pairs found copies). The key and tempo
//   are the oracle's own estimates in that analysis; a tempo at half or double the request counts;
// - peakMemoryMb: the process's highest resident size while songs are made (the render workers are
//   threads of it), sampled every 100 ms, less what the bench's own in-memory event store (PGlite)
//   took when it started (eventStoreMb; a server on PostgreSQL holds none); fullSongPeakMemoryMb
//   while full songs are made and mastered (after the other songs, as the mastering chain keeps its
//   buffers for the next track), oraclePeakMemoryMb while the copyright checks run, on the same
//   terms; processPeakMemoryMb is the process's highest resident size, all included.
// The last line of stdout is one JSON object.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { requestHash, requestSeed, songRequestSchema, type C2paRecord, type SongRequest, type SongRequestInput } from '../../domain/contracts/creation';
import { composeSong, variationSeed } from '../../domain/creation/composer';
import { generationDecider } from '../../domain/creation/generation.decider';
import { generationStreamId } from '../../domain/creation/generation.events';
import { toMidi } from '../../domain/creation/midi';
import { GENRES, KEYS, MOODS, STYLES, TEMPO_RANGE } from '../../domain/creation/options';
import { eventRegistry } from '../../domain/registry';
import { masterTrack } from '../../infra/audio/mastering';
import type { CopyrightAnalysis } from '../../infra/audio/oracle';
import { pgliteDb, postgresDb } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { renderTogether, residualDb, sumOfStems } from '../../infra/creation/reference-render';
import { renderMidi } from '../../infra/creation/render-midi';
import { RenderPool } from '../../infra/creation/render-pool';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { analyzeContent, contentOracleMigrations, type ContentAnalysis } from '../../infra/similarity/content-oracle';
import { FileStorage } from '../../infra/storage/file-storage';
import { createSongGenerationActivities } from '../../workflows/song-generation/activities';
import type { ProducedSong } from '../../workflows/song-generation/shared';
import { intFromEnv } from './bench-env';

const PREVIEW_RUNS = intFromEnv('BENCH_PREVIEW_RUNS', 10);
const SONG_RUNS = intFromEnv('BENCH_SONG_RUNS', 3);
const FULL_RUNS = intFromEnv('BENCH_FULL_RUNS', 3);
const SONGS = intFromEnv('BENCH_SONGS', 40);
const MATCH_SECONDS = intFromEnv('BENCH_MATCH_SECONDS', 60);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** Nearest-rank percentile. */
const percentile = (values: number[], p: number): number => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;
const round2 = (x: number): number => Math.round(x * 100) / 100;
const say = (line: string): void => void process.stderr.write(`${line}\n`);
const seconds = (since: number): number => round2((performance.now() - since) / 1000);
/** CPU time of this process, every thread (the render workers are threads of it); ffmpeg's processes are not counted. */
const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Resident size, sampled; `phase` says which peak a sample counts for. */
const peaks = { making: 0, full: 0, oracle: 0 };
let phase: keyof typeof peaks = 'making';
const sampler = setInterval(() => (peaks[phase] = Math.max(peaks[phase], process.memoryUsage().rss)), 100);

/**
 * The 40 requests: genres, moods, keys and tempi stepped by numbers prime to their list's length so
 * every pairing differs, one to three styles each; the last quarter are the first quarter again
 * with the next seed, as the studio's "variation" asks.
 */
function benchRequests(count: number, duration: number): { request: SongRequest; seed: number; label: string }[] {
  const variations = Math.floor(count / 4);
  const distinct = count - variations;
  const tempoSpan = TEMPO_RANGE.max - TEMPO_RANGE.min - 60;
  const list = Array.from({ length: distinct }, (_, i) => {
    const genre = GENRES[i % GENRES.length]!;
    const mood = MOODS[(i * 5) % MOODS.length]!;
    const selectedStyles = Array.from({ length: (i % 3) + 1 }, (_, s) => STYLES[(i * 7 + s * 11) % STYLES.length]!);
    const input: SongRequestInput = {
      prompt: `${mood} ${genre.toLowerCase()} song number ${i + 1} about ${['the sea', 'a city at night', 'an old friend', 'the first snow', 'a long road', 'summer rain'][i % 6]}`,
      genre,
      mood,
      selectedStyles,
      key: KEYS[(i * 5) % KEYS.length]!,
      tempo: TEMPO_RANGE.min + 20 + ((i * 37) % tempoSpan),
      duration,
    };
    const request = songRequestSchema.parse(input);
    return { request, seed: requestSeed(request), label: `${genre}/${mood}/${selectedStyles.join('+')} in ${input.key} at ${input.tempo}` };
  });
  return [...list, ...list.slice(0, variations).map((song) => ({ ...song, seed: variationSeed(song.seed), label: `${song.label}, next seed` }))];
}

async function main(): Promise<void> {
  const loadAtStart = loadavg().map(round2);
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-creation-'));
  const storage = new FileStorage(dir);
  await storage.init();
  const beforeEventStore = process.memoryUsage().rss;
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const db = databaseUrl ? postgresDb(databaseUrl) : await pgliteDb();
  await migrate(db, eventStoreMigrations);
  // Without BENCH_DATABASE_URL the bench's event store is PGlite in this process; a server on
  // PostgreSQL does not hold it, so the memory figures leave out what it took when it started
  // (eventStoreMb), though not what it grows by as the songs' events are written.
  const eventStoreBytes = process.memoryUsage().rss - beforeEventStore;
  const eventStore = new PostgresEventStore(db, eventRegistry);
  const size = availableParallelism();
  let started = performance.now();
  const pool = new RenderPool({ size });
  const activities = createSongGenerationActivities({ eventStore, storage, renderPool: () => pool });
  const context = { correlationId: 'bench', actor: 'bench' };

  /** One song, asked for and made as the workflow makes it. */
  const make = async (request: SongRequest, seed = requestSeed(request)): Promise<{ song: ProducedSong; seconds: number; ownerId: string }> => {
    const generationId = randomUUID();
    const ownerId = randomUUID();
    const trackId = randomUUID();
    await handleCommand(
      eventStore,
      generationStreamId(generationId),
      generationDecider,
      { type: 'RequestGeneration', data: { generationId, ownerId, trackId, title: request.prompt.slice(0, 80), request, requestHash: requestHash(request), seed, source: null, requestedAt: new Date().toISOString() } },
      context,
    );
    const at = performance.now();
    const song = await activities.produceSong({ generationId, ownerId, trackId, ...context });
    return { song, seconds: seconds(at), ownerId };
  };
  // The signed WAV and MP3 differ on every run (the C2PA manifest has its own instance id), so the
  // render is compared by the hash of each file before signing, as the manifest record keeps it.
  const hashes = (song: ProducedSong): string => {
    const unsigned = new Map(((song.provenance.c2pa as C2paRecord | null)?.files ?? []).map((file) => [file.path, file.unsignedSha256]));
    return [song.files.mixWav, song.files.mixMp3, song.files.midi, song.files.lrc, ...song.files.stems].map((file) => (file ? (unsigned.get(file.storedName) ?? file.sha256) : '')).join();
  };

  // A short song per worker: each holds the SoundFont once it answers.
  const warm = songRequestSchema.parse({ prompt: 'warm up', duration: 10 });
  await Promise.all(Array.from({ length: size }, () => make(warm)));
  const warmSeconds = seconds(started);
  say(`pool of ${size} workers warm in ${warmSeconds} s`);

  const timed = async (label: string, request: SongRequest, runs: number, after?: (song: ProducedSong) => Promise<void>) => {
    const times: number[] = [];
    const cpu: number[] = [];
    let first: string | null = null;
    let identical = true;
    for (let run = 0; run < runs; run++) {
      started = performance.now();
      const cpuBefore = cpuSeconds();
      const { song } = await make(request);
      await after?.(song);
      times.push(seconds(started));
      cpu.push(round2(cpuSeconds() - cpuBefore));
      first ??= hashes(song);
      if (hashes(song) !== first) identical = false;
      say(`${label} ${run + 1}/${runs}: ${times.at(-1)} s, ${cpu.at(-1)} s of CPU (${song.provenance.composition ? (song.provenance.composition as { durationSeconds: number }).durationSeconds : '?'} s of music, ${song.files.stems.length} stems), peak so far ${Math.round(peaks[phase] / 1e6)} MB`);
    }
    return { times, cpu, identical };
  };

  // The studio asks for vocals by default; the sketch and the song are measured as instrumentals (the
  // full song is the one with vocals).
  const sketch = songRequestSchema.parse({ prompt: 'a quick sketch of a sunny morning', genre: 'Pop', mood: 'Happy', selectedStyles: ['Indie'], duration: 30, includeVocals: false });
  const preview = await timed('sketch', sketch, PREVIEW_RUNS);
  const instrumental = songRequestSchema.parse({ prompt: 'a long drive through the desert at dusk', genre: 'Rock', mood: 'Epic', selectedStyles: ['Cinematic', 'Synthwave'], duration: 180, includeVocals: false });
  const song = await timed('song', instrumental, SONG_RUNS);
  say(`${SONGS} songs of ${MATCH_SECONDS} s across styles`);
  const requests = benchRequests(SONGS, MATCH_SECONDS);
  const made: { label: string; request: SongRequest; seed: number; file: string; ownerId: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < requests.length) {
        const index = next++;
        const { request, seed, label } = requests[index]!;
        const { song: produced, ownerId, seconds: took } = await make(request, seed);
        made[index] = { label, request, seed, file: storage.storedPath(produced.files.mixWav.storedName), ownerId };
        say(`  ${index + 1}/${requests.length} ${label}: ${took} s, peak so far ${Math.round(peaks.making / 1e6)} MB`);
      }
    }),
  );
  const makingPeak = peaks.making;

  // Last, as mastering keeps its buffers for the next track: they belong to fullSongPeakMemoryMb, not to the making peak.
  const withVocals = songRequestSchema.parse({ prompt: 'dancing in the kitchen after midnight', genre: 'Pop', mood: 'Uplifting', selectedStyles: ['Disco', 'K-Pop'], duration: 180, includeVocals: true });
  phase = 'full';
  let masterLufs = Number.NaN;
  let fullVocals: { engine: string | null } = { engine: null };
  let fullSigned = false;
  const full = await timed('full song with vocals, stems and master', withVocals, FULL_RUNS, async (made) => {
    fullVocals = made.provenance.vocals as { engine: string | null };
    fullSigned = made.provenance.c2pa !== null;
    const master = await masterTrack(storage.storedPath(made.files.mixWav.storedName), { style: 'balanced', loudness: 'medium', format: 'wav', outDir: path.join(dir, 'master', randomUUID()) });
    masterLufs = master.lufs;
  });

  say('stem residual of a composed sketch against a render of all channels together');
  const sketchMidi = toMidi(composeSong(sketch, { seed: requestSeed(sketch) }));
  const raw = await renderMidi(sketchMidi);
  const stemResidualDb = round2(residualDb(await renderTogether(sketchMidi, raw.frames), sumOfStems(raw.stems, raw.mix.length)));
  await pool.close();

  phase = 'oracle';
  say('copyright checks: each song checked against those before it, and registered on clearing');
  const oracleDb = await pgliteDb();
  await migrate(oracleDb, contentOracleMigrations);
  const check = async (song: (typeof made)[number], index: number): Promise<CopyrightAnalysis> => {
    const analysis: ContentAnalysis = await analyzeContent(song.file, {
      db: oracleDb,
      extension: 'wav',
      ownerId: song.ownerId,
      registerAs: { workId: `bench-song-${index}`, title: song.label, ownerName: `bench-creator-${index}` },
    });
    if (!('tempoBpm' in analysis)) throw new Error(`song ${index + 1} was not analysed as audio`);
    return analysis;
  };
  let keyMatches = 0;
  let tempoMatches = 0;
  const misses: string[] = [];
  const conflictPairs = new Set<string>();
  const held: string[] = [];
  const note = (index: number, analysis: CopyrightAnalysis): void => {
    for (const conflict of analysis.conflicts) {
      const other = Number(conflict.workId.replace('bench-song-', ''));
      conflictPairs.add([index, other].sort((a, b) => a - b).join('~'));
    }
    if (analysis.status === 'needs_review') held.push(`${index + 1}`);
  };
  for (const [index, song] of made.entries()) {
    const analysis = await check(song, index);
    note(index, analysis);
    const wanted = `${song.request.key} ${composeSong(song.request, { seed: song.seed }).mode}`;
    const keyOk = analysis.key === wanted;
    const ratio = (analysis.tempoBpm) / song.request.tempo;
    // The tempo estimator may count half or double beats (an octave error): the tempo is still heard as asked.
    const tempoOk = [0.5, 1, 2].some((octave) => Math.abs(ratio / octave - 1) <= 0.04);
    if (keyOk) keyMatches++;
    if (tempoOk) tempoMatches++;
    if (!keyOk || !tempoOk) misses.push(`${index + 1} ${song.label}: key ${analysis.key} (wanted ${wanted}), ${round2(analysis.tempoBpm)} BPM`);
  }
  for (const miss of misses) say(`  miss: ${miss}`);
  for (const pair of conflictPairs) say(`  conflict: ${pair.split('~').map((i) => made[Number(i)]!.label).join(' ~ ')}`);
  clearInterval(sampler);
  await oracleDb.close();
  await eventStore.close();
  await db.close();
  await rm(dir, { recursive: true, force: true });

  const notes = [
    `vocals: ${fullVocals.engine ?? 'none'}`,
    `signing: ${fullSigned ? 'the WAV and MP3 carry a C2PA manifest; byteIdentical compares them as rendered, before signing' : 'no C2PA manifest (c2pa-python is not installed), so the full song is measured without signing'}`,
    `key and tempo over ${made.length} songs of ${MATCH_SECONDS} s; the last ${Math.floor(SONGS / 4)} are variations (the first ones with the next seed)`,
  ];
  process.stdout.write(
    `${JSON.stringify({
      workers: size,
      loadAverage: { start: loadAtStart, end: loadavg().map(round2) },
      warmSeconds,
      previewSecondsP50: median(preview.times),
      previewRunsSeconds: preview.times,
      previewCpuSecondsP50: median(preview.cpu),
      songSecondsP50: median(song.times),
      songRunsSeconds: song.times,
      songCpuSecondsP50: median(song.cpu),
      fullSongSecondsP95: percentile(full.times, 95),
      fullSongRunsSeconds: full.times,
      fullSongCpuSecondsP95: percentile(full.cpu, 95),
      masterLufs: round2(masterLufs),
      peakMemoryMb: Math.round((makingPeak - eventStoreBytes) / 1e6),
      fullSongPeakMemoryMb: Math.round((peaks.full - eventStoreBytes) / 1e6),
      oraclePeakMemoryMb: Math.round((peaks.oracle - eventStoreBytes) / 1e6),
      processPeakMemoryMb: Math.round(Math.max(makingPeak, peaks.full) / 1e6),
      eventStoreMb: Math.round(eventStoreBytes / 1e6),
      byteIdentical: preview.identical && song.identical && full.identical,
      repeats: { preview: PREVIEW_RUNS, song: SONG_RUNS, full: FULL_RUNS },
      stemResidualDb,
      songs: made.length,
      keyMatchRate: round2(keyMatches / made.length),
      tempoMatchRate: round2(tempoMatches / made.length),
      mutualConflicts: conflictPairs.size,
      heldForReview: held.length,
      notes,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  clearInterval(sampler);
  process.stderr.write(`bench:creation failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
