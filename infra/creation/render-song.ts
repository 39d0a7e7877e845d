// One creation's render from its MIDI to its files, in steps that each run on any thread:
// 1. renderSongPart: synthesize a share of the notes (render-parts.ts plans the shares), its stems to files;
// 2. mixParts: add the parts up, mix in the voice, cut to length, measure the stems' loudness gain;
// 3. finishMix: bring the mix to loudness (the limiter when needed) and write it, its mp3 and the
//    MIDI; beside it, writeStemFile writes each stem.
// `renderSong` runs them one after another on the calling thread; the render pool runs the parts at
// once and the mix beside the stems, spread over its workers.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { measureLoudness } from '../audio/loudness';
import { logger } from '../logger/logger';
import { gainToTargetDb, normalizeLoudness, type LoudnessReport } from './normalize';
import { addFloatFiles, fadeGain, writeMixFiles, writeStemFile, type CreationFiles, type OutputOptions, type StemShaping, type StemSource } from './outputs';
import { EFFECTS_STEM_NAME, RENDER_SAMPLE_RATE, renderPart, type NotePlan, type RenderedPart } from './render-midi';
import { planParts } from './render-parts';
import { soundFontInfo, synthesizerName, trimDecodedSamples, type SoundFontInfo } from './soundfont';
import { mixVocals } from './vocals/mix';

const log = logger.child({ module: 'creation-render' });

export interface RenderSongOptions extends OutputOptions {
  /** Where the files go (created if missing). */
  outDir: string;
  /** Cut the audio to this length (the synthesizer's release tail runs past the song's end), fading out over its last 50 ms. */
  durationSeconds?: number;
  /** Share of the render done, 0..1, by stage. */
  onProgress?: (progress: RenderProgress) => void;
  /**
   * A voice sung or spoken apart (interleaved stereo float at 44.1 kHz in this file), mixed in as
   * the "Vocals" stem before the loudness step. The MIDI rendered then leaves out the melody the
   * voice sings; `midiFile` is the song's whole MIDI, written as song.mid.
   */
  vocals?: { pcmPath: string; midiFile: Uint8Array };
}

export type RenderStage = 'synthesize' | 'loudness' | 'encode';
export interface RenderProgress {
  stage: RenderStage;
  fraction: number;
}

export interface RenderSettings {
  sampleRate: number;
  bitDepth: 24;
  synthesizer: string;
  soundFont: Omit<SoundFontInfo, 'file'>;
  /** Reverb, chorus and delay of the synthesizer, shared by all instruments. */
  effects: 'synthesizer reverb and chorus, as their own stem';
  /** How many parts the notes were rendered in (the samples' float rounding depends on it, nothing else). */
  parts: number;
}

export interface SongRender {
  seconds: number;
  midiSeconds: number;
  loudness: LoudnessReport;
  files: CreationFiles;
  settings: RenderSettings;
}

/** Fade-out at the cut: long enough to avoid a click, short enough to keep the last note. */
const CUT_FADE_SECONDS = 0.05;

/** Where a render's parts write their stems' samples, inside its output folder; removed when it is finished. */
export const partsDir = (outDir: string): string => path.join(outDir, '.parts');

/** Renders one part of a song into the render's parts folder. */
export async function renderSongPart(midi: Uint8Array, plan: NotePlan, index: number, options: Pick<RenderSongOptions, 'outDir' | 'durationSeconds'> & { onProgress?: (fraction: number) => void }): Promise<RenderedPart> {
  await mkdir(partsDir(options.outDir), { recursive: true });
  try {
    return await renderPart(midi, partsDir(options.outDir), `part-${index}`, { sampleRate: RENDER_SAMPLE_RATE, maxSeconds: options.durationSeconds, plays: plan, onProgress: options.onProgress });
  } finally {
    trimDecodedSamples();
  }
}

/** A song's parts added up, with the voice, cut to length: what the mix and every stem are made from. */
export interface MixedSong {
  sampleRate: number;
  midiSeconds: number;
  /** Interleaved stereo float, cut and faded, before the loudness step. */
  mix: Float32Array;
  stems: StemSource[];
  /** The loudness gain (every stem's), the length and the fade, as the mix gets them. */
  shaping: StemShaping;
  parts: number;
}

/**
 * The parts added up, the voice mixed in, the cut made, and the loudness gain every stem gets
 * measured: from here the mix and each stem can be written apart, each by its own thread.
 */
export async function mixParts(parts: readonly RenderedPart[], options: Pick<RenderSongOptions, 'durationSeconds' | 'vocals'>): Promise<MixedSong> {
  const { sampleRate, midiSeconds } = parts[0]!;
  const longest = Math.max(...parts.map((part) => part.frames));
  const mix = await addFloatFiles(parts.map((part) => part.mixFile), longest * 2);
  const stems = stemSources(parts);
  // Before the cut, so the voice fades out with the band.
  if (options.vocals) stems.unshift(await mixVocals(mix, sampleRate, options.vocals.pcmPath));
  const frames = options.durationSeconds === undefined ? longest : Math.min(longest, Math.round(options.durationSeconds * sampleRate));
  const fadeFrames = options.durationSeconds === undefined ? 0 : Math.min(frames, Math.round(CUT_FADE_SECONDS * sampleRate));
  const cut = mix.subarray(0, frames * 2);
  for (let frame = frames - fadeFrames; frame < frames; frame++) {
    const gain = fadeGain(frame, frames, fadeFrames);
    cut[frame * 2] = cut[frame * 2]! * gain;
    cut[frame * 2 + 1] = cut[frame * 2 + 1]! * gain;
  }
  // The stems' gain, measured here so they can be written beside the mix's loudness step (the limiter, when needed, works on the mix alone).
  const gainDb = gainToTargetDb(measureLoudness(cut, sampleRate, 2, { loudnessRange: false, truePeak: false }).integratedLufs);
  return { sampleRate, midiSeconds, mix: cut, stems, shaping: { frames, gain: 10 ** (gainDb / 20), fadeFrames }, parts: parts.length };
}

/** The mix brought to loudness and written with the MIDI; the stems are written apart (writeStemFile). */
export async function finishMix(mixed: MixedSong, midi: Uint8Array, options: RenderSongOptions): Promise<Omit<SongRender, 'files'> & { files: Omit<CreationFiles, 'stems'> }> {
  const progress = options.onProgress ?? (() => undefined);
  const { sampleRate, shaping } = mixed;
  progress({ stage: 'loudness', fraction: 0 });
  const loudness = normalizeLoudness({ mix: mixed.mix, sampleRate, frames: shaping.frames });
  progress({ stage: 'encode', fraction: 0 });
  const files = await writeMixFiles({ mix: mixed.mix, sampleRate }, options.vocals?.midiFile ?? midi, options.outDir, options);
  const { file: _file, ...soundFont } = soundFontInfo();
  log.info({ seconds: shaping.frames / sampleRate, stems: mixed.stems.length, parts: mixed.parts, lufs: loudness.integratedLufs, truePeak: loudness.truePeakDbtp }, 'creation rendered');
  return {
    seconds: shaping.frames / sampleRate,
    midiSeconds: mixed.midiSeconds,
    loudness,
    files,
    settings: { sampleRate, bitDepth: 24, synthesizer: synthesizerName(), soundFont, effects: 'synthesizer reverb and chorus, as their own stem', parts: mixed.parts },
  };
}

/** Every instrument's stem (its share from each part that played it) in channel order, then the effects return of all parts. */
function stemSources(parts: readonly RenderedPart[]): StemSource[] {
  const byChannel = new Map<number, StemSource & { files: string[] }>();
  const effects: string[] = [];
  for (const part of parts)
    for (const stem of part.stems) {
      if (stem.channel === null) effects.push(stem.file);
      else {
        const source = byChannel.get(stem.channel) ?? { name: stem.name, files: [] };
        source.files.push(stem.file);
        byChannel.set(stem.channel, source);
      }
    }
  return [...[...byChannel.entries()].sort(([a], [b]) => a - b).map(([, source]) => source), { name: EFFECTS_STEM_NAME, files: effects }];
}

/** The whole render on the calling thread: the notes in one part, then mixed and written. */
export async function renderSong(midi: Uint8Array, options: RenderSongOptions): Promise<SongRender> {
  const progress = options.onProgress ?? (() => undefined);
  const [plan] = planParts(midi, 1);
  try {
    const part = await renderSongPart(midi, plan!, 0, { ...options, onProgress: (fraction) => progress({ stage: 'synthesize', fraction }) });
    const mixed = await mixParts([part], options);
    const stems = [];
    for (const [index, stem] of mixed.stems.entries()) stems.push(await writeStemFile(index, stem, mixed.shaping, mixed.sampleRate, options.outDir));
    const song = await finishMix(mixed, midi, options);
    progress({ stage: 'encode', fraction: 1 });
    return { ...song, files: { ...song.files, stems } };
  } finally {
    await rm(partsDir(options.outDir), { recursive: true, force: true });
  }
}
