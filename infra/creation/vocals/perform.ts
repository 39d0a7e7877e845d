// A song's vocals from its composition: which voice (sung, or spoken for a Hip-Hop song's rap),
// whether this server has it, the voice rendered to a file for the render pool to mix in, and the
// MIDI the synthesizer then plays (the guide melody left out where the voice performs).
import type { SongRequest } from '../../../domain/contracts/creation';
import type { Composition } from '../../../domain/creation/composition';
import type { LyricSection } from '../../../domain/creation/lyrics-sections';
import { vocalEngines, type VocalEngines } from './detect';
import { vocalLines } from './lines';
import { speakLines } from './spoken';
import { singLines } from './sung';

export type VocalKind = 'sung' | 'spoken';

/** The engine named when no voice performed: the melody stays on the synthesizer (the note says why). */
export const INSTRUMENT_VOCAL_ENGINE = 'melody played by General MIDI "Voice Oohs" (program 54)';

/** A song with vocals whose lyrics found no place in the melody (nothing to perform). */
export const NOTHING_TO_SING_NOTE = 'No line of the lyrics found a place in the melody, so nothing is sung: the vocal melody is played by a "Voice Oohs" instrument.';

/** What a song asking for that voice is told when the server has none. */
export const NO_VOICE_NOTES: Record<VocalKind, string> = {
  sung: 'The words are not sung on this server: it has no singing voice installed, so the vocal melody is played by a "Voice Oohs" instrument. The timed lyrics (LRC) follow that melody.',
  spoken: 'The words are not rapped on this server: it has no speaking voice installed, so the vocal melody is played by a "Voice Oohs" instrument. The timed lyrics (LRC) follow that melody.',
};

/** A Hip-Hop song's words are rapped (spoken on the beat); every other genre's are sung. */
export function vocalKind(request: Pick<SongRequest, 'genre'>): VocalKind {
  return request.genre === 'Hip-Hop' ? 'spoken' : 'sung';
}

export interface VocalPlan {
  kind: VocalKind;
  /** The voice this server has for it, or null: the melody then stays on its instrument. */
  engine: string | null;
  engines: VocalEngines;
}

export async function planVocals(request: Pick<SongRequest, 'genre'>, engines?: VocalEngines): Promise<VocalPlan> {
  const found = engines ?? (await vocalEngines());
  const kind = vocalKind(request);
  return { kind, engine: found[kind].problem ? null : found[kind].engine, engines: found };
}

export interface PerformedVocals {
  /** The voice as interleaved stereo float at 44.1 kHz, the song's length (see render-song's `vocals`). */
  pcmPath: string;
  /** The composition's MIDI without the guide melody's notes the voice performs. */
  renderComposition: Composition;
  lines: number;
  failedLines: number;
  /** What was not done as asked, in plain words, or null. */
  note: string | null;
}

/** Sings or speaks the composition's lyric lines into `workDir`/vocals.f32. */
export async function performVocals(
  plan: VocalPlan,
  composition: Composition,
  sheet: readonly LyricSection[],
  options: { voiceType: SongRequest['voiceType']; workDir: string; onProgress?: (fraction: number) => void },
): Promise<PerformedVocals> {
  const lines = vocalLines(composition, sheet);
  const voice = { engines: plan.engines, voiceType: options.voiceType, durationSeconds: composition.durationSeconds, workDir: options.workDir, onProgress: options.onProgress };
  const render = plan.kind === 'sung' ? await singLines(lines, voice) : await speakLines(lines, voice);
  // The instrument keeps the notes of the lines the voice could not perform, so no line goes missing.
  const kept = new Set(lines.filter((line) => render.failed.includes(line.index)).flatMap((line) => line.words.flatMap((word) => word.notes.map((note) => note.tick))));
  const renderComposition: Composition = {
    ...composition,
    parts: composition.parts
      .map((part) => (part.sung ? { ...part, name: 'Voice Oohs', notes: part.notes.filter((note) => kept.has(note.startTick)) } : part))
      .filter((part) => !part.sung || part.notes.length > 0),
  };
  const verb = plan.kind === 'sung' ? 'sung' : 'rapped';
  const notes = [render.note, render.failed.length > 0 ? `${render.failed.length} of ${lines.length} lines could not be ${verb}; an instrument plays their melody.` : null].filter((note) => note !== null);
  return { pcmPath: render.pcmPath, renderComposition, lines: lines.length, failedLines: render.failed.length, note: notes.length > 0 ? notes.join(' ') : null };
}
