// The composer's output: what is played when, in ticks of a fixed tempo, with the plan and the
// chords it followed. toMidi writes it as a Standard MIDI File; the renderer, the lyrics timing
// and the provenance record read it.
import type { KeyName } from './options';
import type { PartRole, Traits } from './styles';

/** Ticks per quarter note. At 60 BPM one tick is about 2 ms, well inside the ±0.05 s length promise. */
export const PPQ = 480;

export type SectionType = 'intro' | 'verse' | 'chorus' | 'bridge' | 'outro';

/** A section as planned: how long, and which take of it (a regenerated section is the next take). */
export interface PlannedSection {
  type: SectionType;
  bars: number;
  /** The minute-long generation segment the section starts in (spec: one per started minute). */
  segment: number;
  take: number;
}

export interface Plan {
  sections: PlannedSection[];
  /** The song's exact length; the last section's final chord is held past its bars up to here. */
  totalTicks: number;
}

export interface ChordSpan {
  /** E.g. "Am7". */
  symbol: string;
  /** The degree it was chosen as, e.g. "6" or "b7" (borrowed from the parallel minor). */
  degree: string;
  root: number;
  pitchClasses: number[];
  startTick: number;
  durationTicks: number;
}

export interface Section extends PlannedSection {
  index: number;
  startTick: number;
  endTick: number;
  startSeconds: number;
  endSeconds: number;
  /** 0..1: drives velocity, drum and comping density. */
  energy: number;
  progression: string[];
  chords: ChordSpan[];
}

export interface Note {
  pitch: number;
  startTick: number;
  durationTicks: number;
  velocity: number;
  /** The lyric syllable sung on this note. */
  syllable?: string;
}

export interface Part {
  /** The instrument's name, also the MIDI track name and the stem's name. */
  name: string;
  role: PartRole;
  /** 0-based MIDI channel; drums are on 9 (channel 10). */
  channel: number;
  /** General MIDI program, 0-based (ignored on the drum channel). */
  program: number;
  /** The melody a voice sings (the vocal engine replaces the guide instrument). */
  sung: boolean;
  notes: Note[];
}

export interface LyricSyllable {
  text: string;
  tick: number;
  seconds: number;
  /** How long the note that carries it lasts. */
  durationSeconds: number;
  /** The MIDI pitch it is sung at. */
  pitch: number;
  section: number;
  /** The line within the section's lyrics. */
  line: number;
  /** True for the first syllable of a line (an LRC line starts there). */
  lineStart: boolean;
}

/**
 * Lines of lyrics by section, split into syllables: the lyrics engine's sections fit as they are.
 * `kind` (or else the label's first word) says which song sections sing it: a chorus at every
 * chorus, a pre-chorus at the end of the verse before it, the rest in order.
 */
export interface LyricSection {
  kind?: string;
  /** "Verse 1", "Chorus"… */
  label?: string;
  lines: { syllables: string[] }[];
}

export interface Composition {
  engineVersion: string;
  seed: number;
  requestHash: string;
  tempo: number;
  key: KeyName;
  mode: 'major' | 'minor';
  /** MIDI key signature: sharps (positive) or flats (negative), -7..7. */
  keySignature: { accidentals: number; minor: boolean };
  beatsPerBar: 3 | 4;
  ppq: number;
  totalTicks: number;
  durationSeconds: number;
  traits: Traits;
  plan: Plan;
  sections: Section[];
  parts: Part[];
  lyrics: {
    syllables: LyricSyllable[];
    placedLines: number;
    /** Lines that found no room in the song (more lines than its sections have phrases). */
    droppedLines: number;
    /** The lyrics as given, kept so a regenerated section or an extension sings the same words. */
    sheet: LyricSection[];
  };
}

export function ticksToSeconds(ticks: number, tempo: number): number {
  return (ticks / PPQ) * (60 / tempo);
}
