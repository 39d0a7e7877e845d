// A render's files in the directory the caller gives: the mix as WAV (integer PCM) and mp3, one WAV
// per stem, the MIDI it was rendered from, each with its SHA-256 for the provenance record. WAVs are
// quantized by the audio engine (16-bit with TPDF dither from a fixed seed, 24-bit rounded), so the
// same render gives the same bytes; the mp3 is LAME through ffmpeg (two halves at once for a long song) with its version tags left out.
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MP3_ARGS } from '../audio/mastering';
import { encodeMp3InHalves } from '../audio/mp3-halves';
import { quantizeWav, stereoWavHeader } from '../audio/wav-file';
import type { RenderedAudio } from './render-midi';

export type CreationBitDepth = 16 | 24;

export interface OutputOptions {
  /** Default 24. */
  bitDepth?: CreationBitDepth;
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

/** Dither seed: fixed, so a 16-bit file is the same on every run. */
const DITHER_SEED = 1;

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A file name from a stem's name: lower case, letters and digits joined by dashes. */
export function stemFileName(index: number, name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'stem';
  return `${String(index + 1).padStart(2, '0')}-${slug}.wav`;
}

export async function writeCreationFiles(render: RenderedAudio, midi: Uint8Array, outDir: string, options: OutputOptions = {}): Promise<CreationFiles> {
  const bitDepth = options.bitDepth ?? 24;
  await mkdir(path.join(outDir, 'stems'), { recursive: true });
  const write = async (relative: string, bytes: Uint8Array, format: OutputFile['format']): Promise<OutputFile> => {
    await writeFile(path.join(outDir, relative), bytes);
    return { path: relative, sha256: sha256(bytes), bytes: bytes.byteLength, format };
  };
  const wav = async (relative: string, pcm: Float32Array): Promise<OutputFile> =>
    bitDepth === 16
      ? write(relative, quantizeWav(pcm, render.sampleRate, 'pcm_s16le', DITHER_SEED).file, 'wav')
      : { path: relative, ...(await writeWav24(path.join(outDir, relative), pcm, render.sampleRate)), format: 'wav' };

  // The mp3 encoder runs in its own process while the WAVs are quantized here.
  const mp3 = (options.mp3 ?? true) ? encodeMp3(render, path.join(outDir, 'mix.mp3')) : null;
  mp3?.catch(() => undefined);
  const midiFile = await write('song.mid', midi, 'midi');
  const mixWav = await wav('mix.wav', render.mix);
  const stems: CreationFiles['stems'] = [];
  for (const [index, stem] of render.stems.entries()) stems.push({ name: stem.name, ...(await wav(path.join('stems', stemFileName(index, stem.name)), stem.pcm)) });
  let mixMp3: OutputFile | null = null;
  if (mp3) {
    await mp3;
    const bytes = await readFile(path.join(outDir, 'mix.mp3'));
    mixMp3 = { path: 'mix.mp3', sha256: sha256(bytes), bytes: bytes.byteLength, format: 'mp3' };
  }
  return { mixWav, mixMp3, midi: midiFile, stems };
}

/** Samples per chunk of a streamed 24-bit WAV: 3 MB of file at a time, not the whole file in memory. */
const WAV_CHUNK_SAMPLES = 1 << 20;
const FULL_24 = 8_388_608;

/**
 * Interleaved stereo as a 24-bit WAV, rounded as the audio engine's quantizer rounds, written and
 * hashed in chunks: a 3-minute stem is 48 MB of file that never sits in memory whole.
 */
async function writeWav24(target: string, pcm: Float32Array, sampleRate: number): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  const header = stereoWavHeader(sampleRate, 3, pcm.length * 3, false);
  const file = await open(target, 'w');
  try {
    await file.write(header);
    hash.update(header);
    const chunk = Buffer.alloc(Math.min(WAV_CHUNK_SAMPLES, pcm.length) * 3);
    for (let start = 0; start < pcm.length; start += WAV_CHUNK_SAMPLES) {
      const end = Math.min(pcm.length, start + WAV_CHUNK_SAMPLES);
      for (let i = start, o = 0; i < end; i++, o += 3) {
        const q = Math.round(pcm[i]! * FULL_24);
        const v = q > FULL_24 - 1 ? FULL_24 - 1 : q < -FULL_24 ? -FULL_24 : q;
        chunk[o] = v & 0xff;
        chunk[o + 1] = (v >> 8) & 0xff;
        chunk[o + 2] = (v >> 16) & 0xff;
      }
      const bytes = chunk.subarray(0, (end - start) * 3);
      await file.write(bytes);
      hash.update(bytes);
    }
  } finally {
    await file.close();
  }
  return { sha256: hash.digest('hex'), bytes: header.byteLength + pcm.length * 3 };
}

function encodeMp3(render: RenderedAudio, target: string): Promise<void> {
  // Two LAME processes on the two halves, joined gaplessly (see mp3-halves.ts). bitexact: no encoder
  // version in the tags, so the bytes depend on the audio alone.
  return encodeMp3InHalves(render.mix, render.sampleRate, target, [...MP3_ARGS, '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact']);
}
