// One creation's render from its MIDI to its files: synthesize (mix and stems), bring to loudness,
// write the outputs. The render pool's workers run this; it runs the same on any thread.
import { logger } from '../logger/logger';
import { normalizeLoudness, type LoudnessReport } from './normalize';
import { writeCreationFiles, type CreationFiles, type OutputOptions } from './outputs';
import { RENDER_SAMPLE_RATE, renderMidi, type RenderedAudio } from './render-midi';
import { soundFontInfo, synthesizerName, type SoundFontInfo } from './soundfont';
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
  bitDepth: 16 | 24;
  synthesizer: string;
  soundFont: Omit<SoundFontInfo, 'file'>;
  /** Reverb, chorus and delay of the synthesizer, shared by all instruments. */
  effects: 'synthesizer reverb and chorus, as their own stem';
}

export interface SongRender {
  seconds: number;
  midiSeconds: number;
  loudness: LoudnessReport;
  files: CreationFiles;
  settings: RenderSettings;
  /** The final mix, interleaved stereo float, for whatever comes next (vocals, mastering, analysis). */
  mix: Float32Array;
}

export async function renderSong(midi: Uint8Array, options: RenderSongOptions): Promise<SongRender> {
  const progress = options.onProgress ?? (() => undefined);
  const render = await renderMidi(midi, { sampleRate: RENDER_SAMPLE_RATE, maxSeconds: options.durationSeconds, onProgress: (fraction) => progress({ stage: 'synthesize', fraction }) });
  // Before the cut, so the voice fades out with the band.
  if (options.vocals) await mixVocals(render, options.vocals.pcmPath);
  if (options.durationSeconds !== undefined) cutTo(render, options.durationSeconds);
  progress({ stage: 'loudness', fraction: 0 });
  const loudness = await normalizeLoudness(render);
  progress({ stage: 'encode', fraction: 0 });
  const files = await writeCreationFiles(render, options.vocals?.midiFile ?? midi, options.outDir, options);
  progress({ stage: 'encode', fraction: 1 });
  const { file: _file, ...soundFont } = soundFontInfo();
  log.info({ seconds: render.frames / render.sampleRate, stems: render.stems.length, lufs: loudness.integratedLufs, truePeak: loudness.truePeakDbtp }, 'creation rendered');
  return {
    seconds: render.frames / render.sampleRate,
    midiSeconds: render.midiSeconds,
    loudness,
    files,
    settings: { sampleRate: render.sampleRate, bitDepth: options.bitDepth ?? 24, synthesizer: synthesizerName(), soundFont, effects: 'synthesizer reverb and chorus, as their own stem' },
    mix: render.mix,
  };
}

/** Fade-out at the cut: long enough to avoid a click, short enough to keep the last note. */
const CUT_FADE_SECONDS = 0.05;

/**
 * Shortens the mix and every stem to `seconds` (rounded to a frame) with a linear fade, so the stems
 * still sum to the mix. In place (views of the same buffers): a copy would double a long song's memory.
 */
export function cutTo(render: RenderedAudio, seconds: number): void {
  const frames = Math.min(render.frames, Math.round(seconds * render.sampleRate));
  const fadeFrames = Math.min(frames, Math.round(CUT_FADE_SECONDS * render.sampleRate));
  const cut = (pcm: Float32Array): Float32Array => {
    const out = pcm.subarray(0, frames * 2);
    for (let i = 0; i < fadeFrames; i++) {
      const frame = frames - fadeFrames + i;
      const gain = 1 - (i + 1) / fadeFrames;
      out[frame * 2] = out[frame * 2]! * gain;
      out[frame * 2 + 1] = out[frame * 2 + 1]! * gain;
    }
    return out;
  };
  render.mix = cut(render.mix);
  for (const stem of render.stems) stem.pcm = cut(stem.pcm);
  render.frames = frames;
}
