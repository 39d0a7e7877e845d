// A render's files in the directory the caller gives: the mix as WAV (integer PCM) and mp3, one WAV
// per stem, the MIDI it was rendered from, each with its SHA-256 for the provenance record. WAVs are
// quantized by the audio engine (16-bit with TPDF dither from a fixed seed, 24-bit rounded), so the
// same render gives the same bytes; the mp3 is LAME through ffmpeg with its version tags left out.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { encodePcm } from '../audio/ffmpeg';
import { MP3_ARGS } from '../audio/mastering';
import { quantizeWav, type WavCodec } from '../audio/wav-file';
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
  const codec: WavCodec = (options.bitDepth ?? 24) === 16 ? 'pcm_s16le' : 'pcm_s24le';
  await mkdir(path.join(outDir, 'stems'), { recursive: true });
  const write = async (relative: string, bytes: Uint8Array, format: OutputFile['format']): Promise<OutputFile> => {
    await writeFile(path.join(outDir, relative), bytes);
    return { path: relative, sha256: sha256(bytes), bytes: bytes.byteLength, format };
  };
  const wav = (pcm: Float32Array): Uint8Array => quantizeWav(pcm, render.sampleRate, codec, DITHER_SEED).file;

  // The mp3 encoder runs in its own process while the WAVs are quantized here.
  const mp3 = (options.mp3 ?? true) ? encodeMp3(render, path.join(outDir, 'mix.mp3')) : null;
  mp3?.catch(() => undefined);
  const midiFile = await write('song.mid', midi, 'midi');
  const mixWav = await write('mix.wav', wav(render.mix), 'wav');
  const stems: CreationFiles['stems'] = [];
  for (const [index, stem] of render.stems.entries()) stems.push({ name: stem.name, ...(await write(path.join('stems', stemFileName(index, stem.name)), wav(stem.pcm), 'wav')) });
  let mixMp3: OutputFile | null = null;
  if (mp3) {
    await mp3;
    const bytes = await readFile(path.join(outDir, 'mix.mp3'));
    mixMp3 = { path: 'mix.mp3', sha256: sha256(bytes), bytes: bytes.byteLength, format: 'mp3' };
  }
  return { mixWav, mixMp3, midi: midiFile, stems };
}

function encodeMp3(render: RenderedAudio, target: string): Promise<void> {
  // bitexact: no encoder version in the tags, so the bytes depend on the audio alone.
  return encodePcm(render.mix, render.sampleRate, 2, target, [...MP3_ARGS, '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact']);
}
