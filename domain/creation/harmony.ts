// Chords by scale degree, per progression family and section type, with their qualities taken from
// the key's own diatonic chords (tonal's Key, not Progression.fromRomanNumerals, which ignores the
// case of a numeral), and voicings led from one chord to the next with the least movement.
import { Chord, Key, Note } from 'tonal';
import type { ChordSpan, SectionType } from './composition';
import type { Random } from './random';
import type { ProgressionFamily } from './styles';

/** A scale degree, "bN" borrowed from the parallel minor, ":7" played as a dominant seventh. */
type Degree = `${'' | 'b'}${1 | 2 | 3 | 4 | 5 | 6 | 7}${'' | ':7'}`;
type Progressions = Record<'verse' | 'chorus' | 'bridge', Degree[][]>;

const d = (text: string): Degree[] => text.split(' ') as Degree[];

const FAMILIES: Record<ProgressionFamily, Progressions> = {
  pop: { verse: [d('1 5 6 4'), d('6 4 1 5'), d('1 6 4 5'), d('1 4 6 5')], chorus: [d('4 1 5 6'), d('1 5 6 4'), d('6 4 1 5')], bridge: [d('4 5 3 6'), d('2 5 1 6'), d('4 5 6 6')] },
  rock: { verse: [d('1 5 4 1'), d('1 4 5 4'), d('1 1 4 5'), d('1 b7 4 1')], chorus: [d('1 5 4 4'), d('4 1 5 5'), d('1 4 1 5')], bridge: [d('4 4 5 5'), d('6 5 4 5')] },
  jazz: { verse: [d('2 5 1 1'), d('1 6 2 5'), d('3 6 2 5')], chorus: [d('1 6 2 5'), d('4 b7 1 6')], bridge: [d('4 4 3 6'), d('2 5 3 6')] },
  blues: { verse: [d('1:7 1:7 1:7 1:7 4:7 4:7 1:7 1:7 5:7 4:7 1:7 5:7'), d('1:7 4:7 1:7 1:7 4:7 4:7 1:7 1:7 5:7 4:7 1:7 5:7')], chorus: [d('1:7 1:7 1:7 1:7 4:7 4:7 1:7 1:7 5:7 4:7 1:7 5:7')], bridge: [d('4:7 4:7 1:7 1:7 5:7 4:7 1:7 5:7')] },
  classical: { verse: [d('1 4 5 1'), d('1 6 2 5'), d('1 5 6 3 4 1 4 5')], chorus: [d('4 5 1 6'), d('1 4 5 1')], bridge: [d('6 2 5 1'), d('2 5 3 6')] },
  // Vamps on the tonic; in a minor key their 6 and 7 are the aeolian VI and VII.
  modal: { verse: [d('1 1 b7 1'), d('1 4 1 4'), d('1 2 1 2')], chorus: [d('1 4 b7 1'), d('1 1 4 5')], bridge: [d('4 4 5 5'), d('6 6 5 5')] },
  latin: { verse: [d('2 5 1 6'), d('1 4 2 5'), d('6 2 5 1')], chorus: [d('1 6 2 5'), d('4 5 3 6')], bridge: [d('4 b7 3 6')] },
  gospel: { verse: [d('1 4 6 5'), d('4 5 3 6'), d('1 3 4 5')], chorus: [d('4 5 3 6'), d('2 5 1 1')], bridge: [d('4 3 2 1'), d('4 5 6 6')] },
  edm: { verse: [d('1 5 6 4'), d('6 4 1 5'), d('1 6 4 5')], chorus: [d('1 5 6 4'), d('4 5 1 1')], bridge: [d('4 4 6 6'), d('4 5 6 5')] },
  folk: { verse: [d('1 4 1 5'), d('1 5 4 1'), d('1 4 5 5')], chorus: [d('4 1 5 1'), d('1 4 5 1')], bridge: [d('6 4 1 5'), d('4 5 1 1')] },
  ballad: { verse: [d('1 5 6 3 4 1 4 5'), d('1 3 6 4')], chorus: [d('4 5 3 6'), d('1 5 6 4')], bridge: [d('2 5 3 6'), d('4 5 1 1')] },
  flamenco: { verse: [d('1 b7 b6 5')], chorus: [d('1 b7 b6 5'), d('4 b7 b3 b6')], bridge: [d('4 5 1 1')] },
};

/** Chords of the same function that can stand in for each other (tonic, subdominant, dominant). */
const SUBSTITUTES: Partial<Record<Degree, Degree[]>> = { '1': ['6', '3'], '6': ['1', '4'], '3': ['1', '5'], '4': ['2', '6'], '2': ['4'], '5': ['3'] };

/**
 * The progression a section plays (intros take the verse's pool, outros the chorus's): an idiom of
 * the family, played twice, each time with some chords swapped for one of the same function, so
 * two songs of one style seldom share a progression, while the blues keeps its twelve bars.
 */
export function chooseProgression(family: ProgressionFamily, type: SectionType, random: Random): Degree[] {
  const table = FAMILIES[family];
  const pool = type === 'intro' ? table.verse : type === 'outro' ? table.chorus : table[type];
  const idiom = random.pick(pool);
  if (family === 'blues' || idiom.length > 4) return idiom;
  const vary = (chance: number) => idiom.map((degree, i) => (i > 0 && i < idiom.length - 1 && SUBSTITUTES[degree] && random.chance(chance) ? random.pick(SUBSTITUTES[degree] ?? [degree]) : degree));
  return [...vary(0.2), ...vary(0.35)];
}

export interface KeyContext {
  tonic: string;
  mode: 'major' | 'minor';
  sevenths: boolean;
  /** Rock and modal vamps keep the minor v; the others raise it to V (harmonic minor). */
  naturalMinor: boolean;
}

export const NATURAL_MINOR_FAMILIES: readonly ProgressionFamily[] = ['rock', 'modal'];

/** The chord on a degree: diatonic in the mode, "bN" borrowed from the parallel minor, V major in minor (harmonic minor) unless the family keeps v. */
export function chordOn(degree: string, key: KeyContext): { symbol: string; root: number; pitchClasses: number[] } {
  const cacheKey = `${degree}/${key.tonic}/${key.mode}/${key.sevenths}/${key.naturalMinor}`;
  const cached = chordCache.get(cacheKey);
  if (cached) return { ...cached, pitchClasses: [...cached.pitchClasses] };
  const [name = '1', quality] = degree.split(':');
  const borrowed = name.startsWith('b');
  const step = Number(borrowed ? name.slice(1) : name) - 1;
  const minor = Key.minorKey(key.tonic);
  const major = Key.majorKey(key.tonic);
  const source = borrowed || key.mode === 'minor' ? (step === 4 && !borrowed && !key.naturalMinor ? minor.harmonic : minor.natural) : major;
  // The tonic is a plain triad in every style (its seventh, if the style has them, left out):
  // Cmaj7 holds the mediant's triad (C + Em) and Cm7 the relative major's (C + E♭), and over a
  // song of them the key heard was that chord's. An added ninth was no better: it is the
  // dominant's fifth. A blues "1:7" keeps its seventh.
  const onTonic = step === 0 && !borrowed && !quality;
  const diatonic = (key.sevenths && !onTonic ? source.chords : source.triads)[step];
  if (diatonic === undefined) throw new Error(`No chord on degree ${degree}`);
  // A blues ":7" is a dominant seventh in major; in minor the i and iv stay minor sevenths.
  const played = quality && key.mode === 'minor' && (step === 0 || step === 3) && !borrowed ? 'm7' : quality;
  const symbol = played ? `${Chord.get(diatonic).tonic ?? ''}${played}` : diatonic;
  const chord = Chord.get(symbol);
  const tonic = chord.tonic ?? '';
  const pitchClasses = chord.notes.map((note) => Note.chroma(note));
  const root = Note.chroma(tonic);
  if (pitchClasses.length === 0 || root === undefined) throw new Error(`Chord ${symbol} has no notes`);
  const result = { symbol: `${Note.simplify(tonic)}${symbol.slice(tonic.length)}`, root, pitchClasses };
  chordCache.set(cacheKey, result);
  return { ...result, pitchClasses: [...pitchClasses] };
}

/** Parsing keys and chords with tonal is the slow part of a long song; a chord on a degree of a key never changes. */
const chordCache = new Map<string, { symbol: string; root: number; pitchClasses: number[] }>();

/**
 * How a section's last chord lands: on the tonic (a cadence, so the song establishes its key at
 * every section's end, the bass on the tonic) or on the dominant (a half cadence: the bridge
 * leaning into the last chorus); a triad either way.
 */
export type SectionEnding = 'tonic' | 'dominant';
const ENDING_DEGREE: Record<SectionEnding, string> = { tonic: '1', dominant: '5' };

/** The chords of a section: the progression cycled over its bars, `perBar` chords a bar, the last one its ending, held to the end. */
export function sectionChords(progression: readonly string[], key: KeyContext, startTick: number, endTick: number, barTicks: number, perBar: number, ending: SectionEnding): ChordSpan[] {
  const spanTicks = barTicks / perBar;
  const spans: ChordSpan[] = [];
  const count = Math.max(1, Math.floor((endTick - startTick) / spanTicks));
  for (let i = 0; i < count; i += 1) {
    const last = i === count - 1;
    const degree = last ? ENDING_DEGREE[ending] : (progression[i % progression.length] ?? '1');
    // The cadence is a plain triad: a major seventh on the tonic holds the mediant's minor triad
    // (Cmaj7 = C + Em), and the oracle then heard iii as the key in songs of seventh-chord styles.
    const chord = chordOn(degree, last ? { ...key, sevenths: false } : key);
    const start = startTick + i * spanTicks;
    spans.push({ ...chord, degree, startTick: start, durationTicks: last ? endTick - start : spanTicks });
  }
  return spans;
}

const VOICING_LOW = 50;
const VOICING_HIGH = 79;

/** Close voicings of a chord in the comping register, each inversion at each octave that fits. */
function candidates(pitchClasses: readonly number[]): number[][] {
  const voicings: number[][] = [];
  for (let inversion = 0; inversion < pitchClasses.length; inversion += 1) {
    const order = [...pitchClasses.slice(inversion), ...pitchClasses.slice(0, inversion)];
    for (let octave = 3; octave <= 5; octave += 1) {
      const notes: number[] = [];
      for (const pitchClass of order) {
        let pitch = 12 * (octave + 1) + pitchClass;
        const previous = notes[notes.length - 1];
        while (previous !== undefined && pitch <= previous) pitch += 12;
        notes.push(pitch);
      }
      if ((notes[0] ?? 0) >= VOICING_LOW && (notes[notes.length - 1] ?? 0) <= VOICING_HIGH) voicings.push(notes);
    }
  }
  return voicings;
}

function movement(from: readonly number[], to: readonly number[]): number {
  return to.reduce((sum, pitch) => sum + Math.min(...from.map((previous) => Math.abs(previous - pitch))), 0) + from.reduce((sum, pitch) => sum + Math.min(...to.map((next) => Math.abs(next - pitch))), 0);
}

/** The middle of the comping register: where a section's first voicing sits unless a song's take moves it. */
export const VOICING_CENTRE = 64;

/** One voicing per chord, each the candidate nearest the one before (the first nearest `centre`). */
export function voiceLead(chords: readonly { pitchClasses: number[] }[], previous: readonly number[] | null, centre = VOICING_CENTRE): number[][] {
  const voicings: number[][] = [];
  let last = previous;
  for (const chord of chords) {
    const options = candidates(chord.pitchClasses);
    let best = options[0] ?? chord.pitchClasses.map((pitchClass) => 60 + pitchClass);
    let bestCost = Number.POSITIVE_INFINITY;
    for (const option of options) {
      const cost = last ? movement(last, option) : Math.abs(option.reduce((sum, pitch) => sum + pitch, 0) / option.length - centre);
      if (cost < bestCost) {
        best = option;
        bestCost = cost;
      }
    }
    voicings.push(best);
    last = best;
  }
  return voicings;
}

/** The MIDI key signature of a tonic and mode, kept within seven sharps or flats (G# major is written as A♭). */
export function keySignature(tonic: string, mode: 'major' | 'minor'): { accidentals: number; minor: boolean } {
  const alteration = mode === 'major' ? Key.majorKey(tonic).alteration : Key.minorKey(tonic).alteration;
  return { accidentals: alteration > 7 ? alteration - 12 : alteration, minor: mode === 'minor' };
}
