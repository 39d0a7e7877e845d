// `npm run corpus`: assembles the real-music corpus from Debian packages (tests/corpus/sources.ts).
// Each package is fetched with `apt-get download` (no install), unpacked with `dpkg-deb`, and every
// piece of at least MIN_PIECE_SECONDS is decoded to FLAC in the cache (GOOSE_CORPUS_DIR, default
// ~/.cache/goose-corpus) with the source's licence recorded beside it. Re-running reuses what is
// already there: a source whose .deb, definition and options are those of the last run and whose
// pieces are all in the cache is not unpacked or probed again. Options: --max-per-source N (a small sample, as CI uses), --sources a,b.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFfmpeg } from '../../infra/audio/ffmpeg';
import { findFfprobe } from '../../infra/media/probe';
import { corpusDir, manifestPath, type CorpusManifest, type CorpusPiece } from './corpus';
import { CORPUS_SOURCES, MIN_PIECE_SECONDS, type CorpusSource } from './sources';

const run = promisify(execFile);
const DECODES_AT_ONCE = 2;
/** Decoded pieces, trimmed of silence at the ends (a new name, so pieces decoded untrimmed are not reused). */
const PIECES_DIR = 'trimmed-pieces';

interface Options {
  maxPerSource: number;
  sources: readonly CorpusSource[];
}

function parseOptions(argv: string[]): Options {
  let maxPerSource = Infinity;
  let sources: readonly CorpusSource[] = CORPUS_SOURCES;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[++i];
    if (flag === '--max-per-source' && value && Number.isInteger(Number(value)) && Number(value) > 0) maxPerSource = Number(value);
    else if (flag === '--sources' && value) {
      const wanted = value.split(',');
      const unknown = wanted.filter((name) => !CORPUS_SOURCES.some((s) => s.package === name));
      if (unknown.length > 0) throw new Error(`unknown corpus source ${unknown.join(', ')}; the sources are ${CORPUS_SOURCES.map((s) => s.package).join(', ')}`);
      sources = CORPUS_SOURCES.filter((s) => wanted.includes(s.package));
    } else throw new Error(`usage: npm run corpus -- [--max-per-source N] [--sources ${CORPUS_SOURCES.map((s) => s.package).join(',')}]`);
  }
  return { maxPerSource, sources };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The package's .deb in the cache, fetched by apt-get when it is not there yet. */
async function fetchPackage(pkg: string, debDir: string): Promise<string> {
  const cached = (await readdir(debDir)).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  if (cached) return path.join(debDir, cached);
  try {
    await run('apt-get', ['download', pkg], { cwd: debDir, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`apt-get download ${pkg} failed (run apt-get update first if the package lists are empty): ${stderr.trim()}`);
  }
  const fetched = (await readdir(debDir)).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  if (!fetched) throw new Error(`apt-get download ${pkg} left no .deb in ${debDir}`);
  return path.join(debDir, fetched);
}

/** The licence of the package's main files (`Files: *`), as its Debian copyright file states it. */
function mainLicence(copyright: string): string {
  const stanza = copyright.split(/\n\s*\n/).find((s) => /^Files:\s*\*\s*$/m.test(s));
  return stanza?.match(/^License:\s*(.+)$/m)?.[1]?.trim() ?? copyright.match(/^License:\s*(.+)$/m)?.[1]?.trim() ?? 'see the copyright file';
}

interface ProbedFile {
  file: string;
  durationSeconds: number;
  title: string | null;
}

async function probeAudio(file: string): Promise<ProbedFile | null> {
  const ffprobe = (await findFfprobe()).path;
  try {
    const { stdout } = await run(ffprobe, ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'format=duration:format_tags=title:stream=codec_type', '-of', 'json', file]);
    const probed = JSON.parse(stdout) as { streams?: { codec_type: string }[]; format?: { duration?: string; tags?: { title?: string } } };
    if (!probed.streams?.some((s) => s.codec_type === 'audio')) return null;
    const durationSeconds = Number(probed.format?.duration);
    return Number.isFinite(durationSeconds) ? { file, durationSeconds, title: probed.format?.tags?.title?.trim() || null } : null;
  } catch {
    return null;
  }
}

async function audioFilesUnder(root: string, relative: string): Promise<string[]> {
  const full = path.join(root, relative);
  if (!(await stat(full)).isDirectory()) return [full];
  const entries = await readdir(full, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(full, e.name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/**
 * Digital silence at either end, kept to half a second: game files pad short cues with a minute of
 * it (Colobot's music010 is 20 s of sound in 84 s), and a copy cut out of the padding holds nothing
 * to find. Peak detection: ffmpeg 5.1's RMS detection removes whole pieces (Colobot's Prototype).
 */
const TRIM_SILENCE = 'silenceremove=start_periods=1:start_threshold=-70dB:start_silence=0.5:detection=peak';
const TRIM_ENDS = `${TRIM_SILENCE},areverse,${TRIM_SILENCE},areverse`;

async function decodeToFlac(input: string, output: string): Promise<void> {
  if (await exists(output)) return;
  await mkdir(path.dirname(output), { recursive: true });
  const partial = `${output}.partial.flac`;
  await run((await findFfmpeg()).path, ['-v', 'error', '-y', '-i', input, '-vn', '-af', TRIM_ENDS, '-ar', '44100', '-ac', '2', '-c:a', 'flac', partial]);
  await copyFile(partial, output);
  await rm(partial);
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: size }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  }));
}

async function assembleSource(source: CorpusSource, deb: string, dir: string, maxPerSource: number): Promise<{ pieces: CorpusPiece[]; licenceFile: string }> {
  const unpacked = path.join(dir, 'unpacked', source.package);
  await rm(unpacked, { recursive: true, force: true });
  await mkdir(unpacked, { recursive: true });
  await run('dpkg-deb', ['-x', deb, unpacked]);
  const version = (await run('dpkg-deb', ['-f', deb, 'Version'])).stdout.trim();
  const copyright = path.join(unpacked, 'usr/share/doc', source.package, 'copyright');
  const licenceFile = path.join(dir, 'licences', `${source.package}.copyright`);
  await mkdir(path.dirname(licenceFile), { recursive: true });
  await copyFile(copyright, licenceFile);
  const licence = mainLicence(await readFile(copyright, 'utf8'));

  const stemOf = (file: string): string => path.basename(file).replace(/\.[^.]+$/, '');
  const candidates = (await Promise.all(source.paths.map((p) => audioFilesUnder(unpacked, p)))).flat().filter((file) => !source.repeats?.[stemOf(file)]);
  const probed = (await Promise.all(candidates.map(probeAudio))).filter((p): p is ProbedFile => p !== null && p.durationSeconds >= MIN_PIECE_SECONDS);
  const chosen = probed.slice(0, maxPerSource);
  const decoded = chosen.map((p) => ({ ...p, flac: path.join(dir, PIECES_DIR, source.package, `${stemOf(p.file)}.flac`) }));
  await inBatches(decoded, DECODES_AT_ONCE, ({ file, flac }) => decodeToFlac(file, flac));
  // The minimum length holds for the sound, not the padding around it.
  const trimmed = await Promise.all(decoded.map(async (p) => ({ ...p, durationSeconds: (await probeAudio(p.flac))?.durationSeconds ?? 0 })));
  for (const p of trimmed.filter((t) => t.durationSeconds < MIN_PIECE_SECONDS)) {
    process.stderr.write(`${source.package}: ${stemOf(p.file)} left out, ${p.durationSeconds.toFixed(1)} s of sound (under ${MIN_PIECE_SECONDS} s)\n`);
  }
  const pieces = trimmed.filter((t) => t.durationSeconds >= MIN_PIECE_SECONDS).map((p): CorpusPiece => {
    const stem = stemOf(p.file);
    return {
      id: `${source.package}/${stem}`,
      title: p.title ?? `${source.package.replace(/-(music|data|sounds|common-sounds)$/, '')} ${stem}`,
      composer: source.composer,
      genre: source.genre,
      source: source.package,
      sourceVersion: version,
      licence,
      durationSeconds: Math.round(p.durationSeconds * 100) / 100,
      file: p.flac,
    };
  });
  await rm(unpacked, { recursive: true, force: true });
  return { pieces, licenceFile };
}

/** The last run's manifest, or null when there is none. */
async function previousManifest(): Promise<CorpusManifest | null> {
  try {
    return JSON.parse(await readFile(manifestPath(), 'utf8')) as CorpusManifest;
  } catch {
    return null;
  }
}

/** Names what a source's pieces are made from: its .deb, its definition and the per-source limit. */
function assemblyKey(source: CorpusSource, deb: string, maxPerSource: number): string {
  return JSON.stringify({ deb: path.basename(deb), source, maxPerSource });
}

/** The last run's pieces of `source` when they were made from the same and every file is still there. */
async function reusable(previous: CorpusManifest | null, source: CorpusSource, key: string): Promise<{ pieces: CorpusPiece[]; licenceFile: string } | null> {
  const licenceFile = previous?.licenceFiles[source.package];
  if (!previous || previous.assembledFrom?.[source.package] !== key || !licenceFile) return null;
  const pieces = previous.pieces.filter((piece) => piece.source === source.package);
  const present = await Promise.all([licenceFile, ...pieces.map((piece) => piece.file)].map(exists));
  return present.every(Boolean) ? { pieces, licenceFile } : null;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const dir = corpusDir();
  await mkdir(path.join(dir, 'debs'), { recursive: true });
  const previous = await previousManifest();
  const pieces: CorpusPiece[] = [];
  const licenceFiles: Record<string, string> = {};
  const assembledFrom: Record<string, string> = {};
  for (const source of options.sources) {
    const started = performance.now();
    const deb = await fetchPackage(source.package, path.join(dir, 'debs'));
    const key = assemblyKey(source, deb, options.maxPerSource);
    const kept = await reusable(previous, source, key);
    const assembled = kept ?? (await assembleSource(source, deb, dir, options.maxPerSource));
    pieces.push(...assembled.pieces);
    licenceFiles[source.package] = assembled.licenceFile;
    assembledFrom[source.package] = key;
    const how = kept ? 'reused from the last run' : `in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    process.stderr.write(`${source.package}: ${assembled.pieces.length} pieces (${assembled.pieces[0]?.licence ?? 'no pieces'}) ${how}\n`);
    if (!kept) for (const [stem, why] of Object.entries(source.repeats ?? {})) process.stderr.write(`${source.package}: ${stem} left out, ${why}\n`);
  }
  const manifest: CorpusManifest = { assembledAt: new Date().toISOString(), pieces, licenceFiles, assembledFrom };
  await writeFile(manifestPath(), `${JSON.stringify(manifest, null, 2)}\n`);
  const seconds = pieces.reduce((sum, p) => sum + p.durationSeconds, 0);
  process.stdout.write(`${JSON.stringify({ corpusDir: dir, pieces: pieces.length, sources: options.sources.length, minutes: Math.round(seconds / 6) / 10 })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`corpus: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
