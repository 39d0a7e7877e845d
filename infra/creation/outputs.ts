// A render's files in the directory the caller gives: the mix as a 24-bit WAV and an mp3, one WAV per
// stem, the MIDI it was rendered from, each with its SHA-256 for the provenance record. The mix is
// in memory; each stem is read from its parts' files (render-midi.ts renderPart), added up, given
// the loudness gain and the fade of the cut, and written chunk by chunk, so a 3-minute song's seven
// 64 MB stems never sit in memory, and each stem can be written by another thread. WAVs are rounded as the audio engine's 24-bit quantizer rounds,
// so the same render gives the same bytes; the mp3 is LAME through ffmpeg (two halves at once for a
// long song) with its version tags left out.
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { MP3_ARGS } from '../audio/mastering';
import { encodeMp3InHalves } from '../audio/mp3-halves';
import { stereoWavHeader } from '../audio/wav-file';

export interface OutputOptions {
  /** Default true. */
  mp3?: boolean;
}

export interface OutputFile {
  /** Relative to the output directory. */
  path: string;
  sha256: string;
  bytes: number;
  format: 'wav' | 'mp3' | 'midi';
}

export interface CreationFiles {
  mixWav: OutputFile;
  mixMp3: OutputFile | null;
  midi: OutputFile;
  stems: (OutputFile & { name: string })[];
}

/** A stem to write: the sum of its parts' files (interleaved stereo float32), times `gain`. */
export interface StemSource {
  name: string;
  files: readonly string[];
  /** Applied before everything else (the voice's level against the band); default 1. */
  gain?: number;
}

/** What every stem gets as it is written, as the mix got it: the loudness gain, then the cut's fade. */
export interface StemShaping {
  /** The song's length; longer files are cut there, shorter ones padded with silence. */
  frames: number;
  gain: number;
  /** The cut's linear fade-out over the last frames (see fadeGain). */
  fadeFrames: number;
}

/** The fade-out's gain at `frame` of a song `frames` long: 1 before the last `fadeFrames`, then down to 0. */
export function fadeGain(frame: number, frames: number, fadeFrames: number): number {
  const into = frame - (frames - fadeFrames);
  return into < 0 ? 1 : 1 - (into + 1) / fadeFrames;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A file name from a stem's name: lower case, letters and digits joined by dashes. */
export function stemFileName(index: number, name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'stem';
  return `${String(index + 1).padStart(2, '0')}-${slug}.wav`;
}

/** The mix's files (WAV, mp3) and the MIDI; the mp3 is encoded in other processes while the WAV is written. */
export async function writeMixFiles(audio: { mix: Float32Array; sampleRate: number }, midi: Uint8Array, outDir: string, options: OutputOptions = {}): Promise<Pick<CreationFiles, 'mixWav' | 'mixMp3' | 'midi'>> {
  await mkdir(outDir, { recursive: true });
  const mp3 = (options.mp3 ?? true) ? encodeMp3(audio.mix, audio.sampleRate, path.join(outDir, 'mix.mp3')) : null;
  mp3?.catch(() => undefined);
  await writeFile(path.join(outDir, 'song.mid'), midi);
  const midiFile: OutputFile = { path: 'song.mid', sha256: sha256(midi), bytes: midi.byteLength, format: 'midi' };
  const written = await withChunkBuffers((buffers) => writeWav24(path.join(outDir, 'mix.wav'), audio.sampleRate, audio.mix.length, buffers.packed, (from, to) => audio.mix.subarray(from, to)));
  const mixWav: OutputFile = { path: 'mix.wav', ...written, format: 'wav' };
  let mixMp3: OutputFile | null = null;
  if (mp3) {
    await mp3;
    const bytes = await readFile(path.join(outDir, 'mix.mp3'));
    mixMp3 = { path: 'mix.mp3', sha256: sha256(bytes), bytes: bytes.byteLength, format: 'mp3' };
  }
  return { mixWav, mixMp3, midi: midiFile };
}

/** The `index`-th stem's WAV under `outDir`/stems. */
export async function writeStemFile(index: number, stem: StemSource, shaping: StemShaping, sampleRate: number, outDir: string): Promise<CreationFiles['stems'][number]> {
  await mkdir(path.join(outDir, 'stems'), { recursive: true });
  const relative = path.join('stems', stemFileName(index, stem.name));
  return { name: stem.name, path: relative, ...(await writeStem(path.join(outDir, relative), sampleRate, stem, shaping)), format: 'wav' };
}

/** Samples per chunk: 3 MB of 24-bit file at a time. */
const CHUNK_SAMPLES = 1 << 20;
const FULL_24 = 8_388_608;

/** One chunk's working buffers: two of float samples and one of 24-bit bytes. */
interface ChunkBuffers {
  sum: Float32Array;
  read: Float32Array;
  packed: Uint8Array;
}

let idleChunkBuffers: ChunkBuffers | null = null;

/**
 * The thread's chunk buffers, given back with releaseChunkBuffers (see withChunkBuffers). A render worker writes one file
 * after another, so one set serves them all: new ones per stem left 11 MB each for the garbage
 * collector, which let a worker's memory climb by 50 MB over a song's stems. A second file written
 * at the same time gets buffers of its own.
 */
function acquireChunkBuffers(): ChunkBuffers {
  const buffers = idleChunkBuffers ?? { sum: new Float32Array(CHUNK_SAMPLES), read: new Float32Array(CHUNK_SAMPLES), packed: new Uint8Array(CHUNK_SAMPLES * 3) };
  idleChunkBuffers = null;
  return buffers;
}

function releaseChunkBuffers(buffers: ChunkBuffers): void {
  idleChunkBuffers = buffers;
}

/** `use` with the thread's chunk buffers, given back when it ends. */
async function withChunkBuffers<T>(use: (buffers: ChunkBuffers) => Promise<T>): Promise<T> {
  const buffers = acquireChunkBuffers();
  try {
    return await use(buffers);
  } finally {
    releaseChunkBuffers(buffers);
  }
}

/**
 * Interleaved stereo as a 24-bit WAV, rounded as the audio engine's quantizer rounds, written and
 * hashed in chunks; `chunk` gives the float samples [from, to).
 */
async function writeWav24(target: string, sampleRate: number, samples: number, out: Uint8Array, chunk: (from: number, to: number) => Float32Array | Promise<Float32Array>): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  const header = stereoWavHeader(sampleRate, 3, samples * 3, false);
  const file = await open(target, 'w');
  try {
    await file.write(header);
    hash.update(header);
    for (let start = 0; start < samples; start += CHUNK_SAMPLES) {
      const pcm = await chunk(start, Math.min(samples, start + CHUNK_SAMPLES));
      packTo24Bit(pcm, out);
      const bytes = out.subarray(0, pcm.length * 3);
      await file.write(bytes);
      hash.update(bytes);
    }
  } finally {
    await file.close();
  }
  return { sha256: hash.digest('hex'), bytes: header.byteLength + samples * 3 };
}

/**
 * Float samples to little-endian 24-bit, rounded half up as the audio engine's quantizer rounds
 * (`floor(x + 0.5)` is exact here: a float32 times 2^23 leaves room in a double for the half).
 * Its own function: V8 compiles the loop inside a bigger one about twice as slow.
 */
function packTo24Bit(pcm: Float32Array, out: Uint8Array): void {
  for (let i = 0, o = 0; i < pcm.length; i++, o += 3) {
    let v = Math.floor(pcm[i]! * FULL_24 + 0.5) | 0;
    if (v > FULL_24 - 1) v = FULL_24 - 1;
    else if (v < -FULL_24) v = -FULL_24;
    out[o] = v;
    out[o + 1] = v >> 8;
    out[o + 2] = v >> 16;
  }
}

/** A stem's samples as the mix had them: the source's gain, the cut's fade from sample `fadeStart`, the loudness gain; in place. */
function shapeChunk(out: Float32Array, from: number, sourceGain: number, fadeStart: number, shaping: StemShaping): void {
  const gain = shaping.gain;
  if (sourceGain !== 1) for (let i = 0; i < out.length; i++) out[i] = out[i]! * sourceGain;
  const fadeFrom = Math.max(0, fadeStart - from);
  for (let i = fadeFrom; i < out.length; i++) out[i] = out[i]! * fadeGain((from + i) >> 1, shaping.frames, shaping.fadeFrames);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * gain;
}

/**
 * One stem's WAV from its parts' files, shaped as the mix was and in the same order of float
 * operations (the source's gain, the fade, the loudness gain), so the stems add up to the mix.
 */
async function writeStem(target: string, sampleRate: number, stem: StemSource, shaping: StemShaping): Promise<{ sha256: string; bytes: number }> {
  const sources = await Promise.all(stem.files.map((file) => open(file, 'r')));
  const sourceGain = stem.gain ?? 1;
  const fadeStart = (shaping.frames - shaping.fadeFrames) * 2;
  try {
    return await withChunkBuffers((buffers) =>
      writeWav24(target, sampleRate, shaping.frames * 2, buffers.packed, async (from, to) => {
        const out = await addInto(sources, from, buffers.sum.subarray(0, to - from), buffers.read);
        shapeChunk(out, from, sourceGain, fadeStart, shaping);
        return out;
      }),
    );
  } finally {
    await Promise.all(sources.map((source) => source.close()));
  }
}

/** Interleaved float32 files added up, `samples` long (a shorter file is silence at its end). */
export async function addFloatFiles(files: readonly string[], samples: number): Promise<Float32Array> {
  const sum = new Float32Array(samples);
  const sources = await Promise.all(files.map((file) => open(file, 'r')));
  try {
    await withChunkBuffers(async (buffers) => {
      for (let from = 0; from < samples; from += CHUNK_SAMPLES) await addInto(sources, from, sum.subarray(from, Math.min(samples, from + CHUNK_SAMPLES)), buffers.read);
    });
  } finally {
    await Promise.all(sources.map((source) => source.close()));
  }
  return sum;
}

/** `out` set to the sum of the files' samples from `from` on (the first read straight into it); `scratch` at least as long as `out`. */
async function addInto(sources: readonly FileHandle[], from: number, out: Float32Array, scratch: Float32Array): Promise<Float32Array> {
  const [first, ...rest] = sources;
  const got = first ? await readFloats(first, from, out) : 0;
  out.fill(0, got);
  for (const source of rest) addFrom(out, scratch, await readFloats(source, from, scratch.subarray(0, out.length)));
  return out;
}

function addFrom(out: Float32Array, samples: Float32Array, count: number): void {
  for (let i = 0; i < count; i++) out[i] = out[i]! + samples[i]!;
}

/** Reads float samples from sample `from` into `into`; returns how many the file had (the rest of a short file is silence). */
async function readFloats(file: FileHandle, from: number, into: Float32Array): Promise<number> {
  const bytes = new Uint8Array(into.buffer, into.byteOffset, into.byteLength);
  let filled = 0;
  while (filled < bytes.length) {
    const { bytesRead } = await file.read(bytes, filled, bytes.length - filled, from * 4 + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return Math.floor(filled / 4);
}

function encodeMp3(mix: Float32Array, sampleRate: number, target: string): Promise<void> {
  // Two LAME processes on the two halves, joined gaplessly (see mp3-halves.ts). bitexact: no encoder
  // version in the tags, so the bytes depend on the audio alone.
  return encodeMp3InHalves(mix, sampleRate, target, [...MP3_ARGS, '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact']);
}
