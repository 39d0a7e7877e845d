// One creation's render from its MIDI to its files: synthesize (mix and stems), bring to loudness,
// write the outputs. The render pool's workers run this; it runs the same on any thread.
import { logger } from '../logger/logger';
import { normalizeLoudness, type LoudnessReport } from './normalize';
import { writeCreationFiles, type CreationFiles, type OutputOptions } from './outputs';
import { RENDER_SAMPLE_RATE, renderMidi } from './render-midi';
import { soundFontInfo, synthesizerName, type SoundFontInfo } from './soundfont';

const log = logger.child({ module: 'creation-render' });

export interface RenderSongOptions extends OutputOptions {
  /** Where the files go (created if missing). */
  outDir: string;
  /** Share of the render done, 0..1, by stage. */
  onProgress?: (progress: RenderProgress) => void;
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
  const render = await renderMidi(midi, { sampleRate: RENDER_SAMPLE_RATE, onProgress: (fraction) => progress({ stage: 'synthesize', fraction }) });
  progress({ stage: 'loudness', fraction: 0 });
  const loudness = await normalizeLoudness(render);
  progress({ stage: 'encode', fraction: 0 });
  const files = await writeCreationFiles(render, midi, options.outDir, options);
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
