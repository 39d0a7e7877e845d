// `npm run bench:creation`: how fast the creation renderer is on this machine. It builds two MIDI
// pieces in the composer's shape (infra/creation/test-midi.ts; the composer's own songs replace them
// once it lands): a 30 s sketch and a 3-minute piece in three sections, five instruments each, and
// renders them through the render pool (a worker per core, the SoundFont loaded before timing),
// one job at a time, to WAV, mp3, stems and MIDI:
// - soundFontLoadSeconds: the pool's start, until every worker holds the SoundFont;
// - previewSecondsP50 / songSecondsP50: wall time of one render (synthesis, loudness, every file),
//   median over BENCH_PREVIEW_RUNS and BENCH_SONG_RUNS runs;
// - byteIdentical: every file of every repeat has the first run's SHA-256;
// - stemResidualDb: the sketch's stems summed against the same MIDI rendered with every channel
//   together, before any gain (the loudness step gives the stems the mix's gain);
// - lufs / truePeakDbtp: the last song's mix as ffmpeg's ebur128 reads the WAV and the mp3;
// - peakMemoryMb: the process's highest resident size (the workers are threads of it), sampled.
// The last line of stdout is one JSON object.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ebur128 } from '../../infra/audio/ebur128';
import { renderTogether, residualDb, sumOfStems } from '../../infra/creation/reference-render';
import { renderMidi } from '../../infra/creation/render-midi';
import { RenderPool } from '../../infra/creation/render-pool';
import type { SongRender } from '../../infra/creation/render-song';
import { testSongMidi } from '../../infra/creation/test-midi';
import { intFromEnv } from './bench-env';

const PREVIEW_RUNS = intFromEnv('BENCH_PREVIEW_RUNS', 10);
const SONG_RUNS = intFromEnv('BENCH_SONG_RUNS', 3);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round2 = (x: number): number => Math.round(x * 100) / 100;
const say = (line: string): void => void process.stderr.write(`${line}\n`);

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);

/** Every file's hash, in a fixed order. */
const hashes = (render: SongRender): string[] => [render.files.mixWav, render.files.mixMp3, render.files.midi, ...render.files.stems].map((file) => file?.sha256 ?? '');

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-creation-'));
  const size = availableParallelism();
  let started = performance.now();
  const pool = new RenderPool({ size });
  // A one-second job per worker: each has loaded the SoundFont once it answers.
  await Promise.all(Array.from({ length: size }, (_, i) => pool.render(testSongMidi(1), { outDir: path.join(dir, `warm${i}`), mp3: false }).result));
  const soundFontLoadSeconds = round2((performance.now() - started) / 1000);
  say(`pool of ${size} workers ready in ${soundFontLoadSeconds} s`);

  const timed = async (label: string, midi: Uint8Array, runs: number): Promise<{ seconds: number[]; identical: boolean; last: SongRender }> => {
    const seconds: number[] = [];
    let first: string[] | null = null;
    let identical = true;
    let last!: SongRender;
    for (let run = 0; run < runs; run++) {
      started = performance.now();
      last = await pool.render(midi, { outDir: path.join(dir, `${label}${run}`) }).result;
      seconds.push(round2((performance.now() - started) / 1000));
      const now = hashes(last);
      first ??= now;
      if (now.join() !== first.join()) identical = false;
      say(`${label} ${run + 1}/${runs}: ${seconds.at(-1)} s (${round2(last.seconds)} s of audio, ${round2(last.loudness.integratedLufs)} LUFS, ${round2(last.loudness.truePeakDbtp)} dBTP)`);
    }
    return { seconds, identical, last };
  };

  const sketch = testSongMidi(30);
  const preview = await timed('sketch', sketch, PREVIEW_RUNS);
  const song = await timed('song', testSongMidi(180), SONG_RUNS);
  await pool.close();

  say('stem residual of the sketch against a render of all channels together');
  const raw = await renderMidi(sketch);
  const stemResidualDb = round2(residualDb(await renderTogether(sketch, raw.frames), sumOfStems(raw.stems, raw.mix.length)));
  const songDir = path.join(dir, `song${SONG_RUNS - 1}`);
  const wav = await ebur128(path.join(songDir, song.last.files.mixWav.path));
  const mp3 = await ebur128(path.join(songDir, song.last.files.mixMp3!.path));
  clearInterval(sampler);
  await rm(dir, { recursive: true, force: true });
  process.stdout.write(
    `${JSON.stringify({
      workers: size,
      soundFontLoadSeconds,
      previewSecondsP50: median(preview.seconds),
      previewRunsSeconds: preview.seconds,
      songSecondsP50: median(song.seconds),
      songRunsSeconds: song.seconds,
      songAudioSeconds: round2(song.last.seconds),
      stems: song.last.files.stems.length,
      stemsPreLimiter: song.last.loudness.stemsPreLimiter,
      byteIdentical: preview.identical && song.identical,
      repeats: { preview: PREVIEW_RUNS, song: SONG_RUNS },
      stemResidualDb,
      lufs: { wav: wav.integratedLufs, mp3: mp3.integratedLufs },
      truePeakDbtp: { wav: wav.truePeakDbtp, mp3: mp3.truePeakDbtp },
      peakMemoryMb: Math.round(peakRss / 1e6),
    })}\n`,
  );
}

main().catch((error: unknown) => {
  clearInterval(sampler);
  process.stderr.write(`bench:creation failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
