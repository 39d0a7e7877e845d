// What each genre, mood and style makes the composer do differently: the progression family,
// drum, bass and comping patterns, General MIDI programs, swing, melodic density, harmonic rhythm
// and metre. A genre gives a whole set of traits; a style overrides some; up to three styles
// blend (the first chosen leads: a trait set by an earlier style is not overridden by a later one;
// swing takes the strongest, density the average). The mood picks major or minor and the energy.
import type { Genre, Instrument, Mood, StyleName } from './options';

export type ProgressionFamily = 'pop' | 'rock' | 'jazz' | 'blues' | 'classical' | 'modal' | 'latin' | 'gospel' | 'edm' | 'folk' | 'ballad' | 'flamenco';
export type DrumPattern =
  | 'backbeat'
  | 'rock'
  | 'four-on-floor'
  | 'disco'
  | 'trap'
  | 'breakbeat'
  | 'halftime'
  | 'boom-bap'
  | 'bossa'
  | 'dembow'
  | 'afrobeat'
  | 'one-drop'
  | 'swing'
  | 'shuffle'
  | 'punk'
  | 'waltz'
  | 'brushes'
  | 'none';
export type CompPattern = 'block' | 'halves' | 'pulse' | 'strum' | 'arpeggio' | 'broken' | 'offbeat' | 'stabs' | 'bossa' | 'charleston' | 'oom-pah' | 'sustain' | 'power' | 'tremolo';
export type BassPattern = 'roots' | 'root-fifth' | 'eighths' | 'octaves' | 'walking' | 'syncopated' | 'sub' | 'tumbao' | 'oom-pah';

export interface Programs {
  /** General MIDI programs, 0-based. */
  chords: number;
  bass: number;
  lead: number;
  /** null: the style has no sustained pad. */
  pad: number | null;
}

export interface Traits {
  progression: ProgressionFamily;
  drums: DrumPattern;
  comp: CompPattern;
  bass: BassPattern;
  programs: Programs;
  /** 0 = straight eighths; 1/3 = full triplet swing. */
  swing: number;
  /** How busy the melody is, 0..1. */
  density: number;
  /** Chords per bar. */
  harmonicRhythm: 1 | 2;
  seventhChords: boolean;
  beatsPerBar: 3 | 4;
  /** A style whose harmony only exists in minor (flamenco's Andalusian cadence) sets the mode, whatever the mood. */
  minorOnly: boolean;
}

export type StyleTraits = Partial<Omit<Traits, 'programs'>> & { programs?: Partial<Programs> };

export const GENRE_TRAITS: Record<Genre, Traits> = {
  Pop: { progression: 'pop', drums: 'backbeat', comp: 'pulse', bass: 'eighths', programs: { chords: 0, bass: 33, lead: 80, pad: 89 }, swing: 0, density: 0.55, harmonicRhythm: 1, seventhChords: false, beatsPerBar: 4, minorOnly: false },
  Rock: { progression: 'rock', drums: 'rock', comp: 'power', bass: 'eighths', programs: { chords: 29, bass: 34, lead: 30, pad: null }, swing: 0, density: 0.5, harmonicRhythm: 1, seventhChords: false, beatsPerBar: 4, minorOnly: false },
  'Hip-Hop': { progression: 'pop', drums: 'boom-bap', comp: 'stabs', bass: 'syncopated', programs: { chords: 4, bass: 38, lead: 80, pad: 89 }, swing: 0.12, density: 0.7, harmonicRhythm: 1, seventhChords: true, beatsPerBar: 4, minorOnly: false },
  Electronic: { progression: 'edm', drums: 'four-on-floor', comp: 'stabs', bass: 'octaves', programs: { chords: 90, bass: 38, lead: 81, pad: 95 }, swing: 0, density: 0.6, harmonicRhythm: 1, seventhChords: false, beatsPerBar: 4, minorOnly: false },
  'R&B': { progression: 'gospel', drums: 'halftime', comp: 'sustain', bass: 'syncopated', programs: { chords: 4, bass: 33, lead: 4, pad: 89 }, swing: 0.15, density: 0.65, harmonicRhythm: 1, seventhChords: true, beatsPerBar: 4, minorOnly: false },
  Jazz: { progression: 'jazz', drums: 'swing', comp: 'charleston', bass: 'walking', programs: { chords: 0, bass: 32, lead: 65, pad: null }, swing: 0.33, density: 0.6, harmonicRhythm: 2, seventhChords: true, beatsPerBar: 4, minorOnly: false },
  Classical: { progression: 'classical', drums: 'none', comp: 'broken', bass: 'roots', programs: { chords: 0, bass: 42, lead: 40, pad: 48 }, swing: 0, density: 0.5, harmonicRhythm: 2, seventhChords: false, beatsPerBar: 4, minorOnly: false },
  Country: { progression: 'folk', drums: 'shuffle', comp: 'strum', bass: 'root-fifth', programs: { chords: 25, bass: 32, lead: 22, pad: null }, swing: 0.2, density: 0.5, harmonicRhythm: 1, seventhChords: false, beatsPerBar: 4, minorOnly: false },
  Folk: { progression: 'folk', drums: 'brushes', comp: 'arpeggio', bass: 'root-fifth', programs: { chords: 24, bass: 32, lead: 73, pad: null }, swing: 0, density: 0.45, harmonicRhythm: 1, seventhChords: false, beatsPerBar: 4, minorOnly: false },
  Latin: { progression: 'latin', drums: 'bossa', comp: 'bossa', bass: 'tumbao', programs: { chords: 24, bass: 32, lead: 56, pad: null }, swing: 0, density: 0.6, harmonicRhythm: 1, seventhChords: true, beatsPerBar: 4, minorOnly: false },
  Reggae: { progression: 'pop', drums: 'one-drop', comp: 'offbeat', bass: 'syncopated', programs: { chords: 16, bass: 33, lead: 27, pad: null }, swing: 0.1, density: 0.45, harmonicRhythm: 1, seventhChords: false, beatsPerBar: 4, minorOnly: false },
  Metal: { progression: 'modal', drums: 'punk', comp: 'power', bass: 'eighths', programs: { chords: 30, bass: 34, lead: 30, pad: null }, swing: 0, density: 0.6, harmonicRhythm: 1, seventhChords: false, beatsPerBar: 4, minorOnly: false },
  Blues: { progression: 'blues', drums: 'shuffle', comp: 'charleston', bass: 'walking', programs: { chords: 26, bass: 33, lead: 22, pad: 16 }, swing: 0.3, density: 0.5, harmonicRhythm: 1, seventhChords: true, beatsPerBar: 4, minorOnly: false },
  Funk: { progression: 'modal', drums: 'breakbeat', comp: 'stabs', bass: 'syncopated', programs: { chords: 27, bass: 36, lead: 61, pad: null }, swing: 0.08, density: 0.7, harmonicRhythm: 1, seventhChords: true, beatsPerBar: 4, minorOnly: false },
  Ambient: { progression: 'modal', drums: 'none', comp: 'sustain', bass: 'sub', programs: { chords: 88, bass: 38, lead: 75, pad: 95 }, swing: 0, density: 0.3, harmonicRhythm: 1, seventhChords: true, beatsPerBar: 4, minorOnly: false },
};

export const STYLE_TRAITS: Record<StyleName, StyleTraits> = {
  Synthwave: { progression: 'edm', drums: 'backbeat', comp: 'pulse', bass: 'octaves', programs: { chords: 90, bass: 38, lead: 81, pad: 89 } },
  'Lo-fi': { drums: 'boom-bap', comp: 'sustain', programs: { chords: 4, bass: 33, lead: 11 }, swing: 0.2, density: 0.35, seventhChords: true },
  Trap: { drums: 'trap', bass: 'sub', comp: 'arpeggio', programs: { chords: 88, bass: 38, lead: 80 }, density: 0.75 },
  House: { drums: 'four-on-floor', comp: 'stabs', bass: 'syncopated', programs: { chords: 4, bass: 38 }, seventhChords: true },
  Acoustic: { drums: 'brushes', comp: 'strum', bass: 'roots', programs: { chords: 25, bass: 32, lead: 73, pad: null } },
  Cinematic: { progression: 'classical', drums: 'halftime', comp: 'tremolo', programs: { chords: 48, bass: 42, lead: 60, pad: 52 }, density: 0.4 },
  Disco: { drums: 'disco', bass: 'octaves', comp: 'stabs', programs: { chords: 49, bass: 33, lead: 61 }, seventhChords: true },
  Indie: { progression: 'rock', drums: 'rock', comp: 'strum', programs: { chords: 27, lead: 27 }, density: 0.45 },
  'Drum & Bass': { drums: 'breakbeat', bass: 'sub', comp: 'sustain', programs: { chords: 89, bass: 38, pad: 95 }, density: 0.4 },
  Techno: { progression: 'modal', drums: 'four-on-floor', comp: 'pulse', bass: 'eighths', programs: { chords: 87, bass: 39, lead: 84 }, density: 0.3 },
  Soul: { progression: 'gospel', drums: 'backbeat', comp: 'halves', bass: 'syncopated', programs: { chords: 16, bass: 33, lead: 61 }, seventhChords: true, swing: 0.12 },
  Reggaeton: { drums: 'dembow', bass: 'syncopated', comp: 'offbeat', programs: { chords: 90, bass: 38, lead: 80 }, progression: 'latin' },
  Afrobeat: { drums: 'afrobeat', comp: 'stabs', bass: 'syncopated', programs: { chords: 27, bass: 33, lead: 61 }, progression: 'modal', swing: 0.1 },
  'K-Pop': { progression: 'edm', drums: 'four-on-floor', comp: 'pulse', programs: { chords: 90, lead: 80 }, density: 0.75 },
  Orchestral: { progression: 'classical', drums: 'none', comp: 'broken', bass: 'roots', programs: { chords: 48, bass: 42, lead: 40, pad: 60 }, harmonicRhythm: 2 },
  'Piano Ballad': { progression: 'ballad', drums: 'brushes', comp: 'broken', bass: 'roots', programs: { chords: 0, bass: 32, lead: 0, pad: 48 }, density: 0.4 },
  Punk: { progression: 'rock', drums: 'punk', comp: 'power', bass: 'eighths', programs: { chords: 30, bass: 34 }, density: 0.65 },
  'Bossa Nova': { progression: 'jazz', drums: 'bossa', comp: 'bossa', bass: 'tumbao', programs: { chords: 24, bass: 32, lead: 73 }, seventhChords: true, harmonicRhythm: 1 },
  Dubstep: { drums: 'halftime', bass: 'sub', comp: 'stabs', programs: { chords: 81, bass: 39, lead: 81 }, progression: 'modal' },
  Gospel: { progression: 'gospel', comp: 'halves', programs: { chords: 19, bass: 33, pad: 52 }, seventhChords: true, swing: 0.18 },
  Swing: { progression: 'jazz', drums: 'swing', comp: 'charleston', bass: 'walking', programs: { chords: 0, bass: 32, lead: 56, pad: 61 }, swing: 0.33, harmonicRhythm: 2 },
  Bluegrass: { progression: 'folk', drums: 'none', comp: 'strum', bass: 'oom-pah', programs: { chords: 105, bass: 32, lead: 40 }, density: 0.75 },
  'Trip-Hop': { drums: 'boom-bap', comp: 'sustain', bass: 'sub', programs: { chords: 4, bass: 38, lead: 75, pad: 48 }, density: 0.35, swing: 0.1 },
  Chillwave: { progression: 'edm', drums: 'halftime', comp: 'sustain', programs: { chords: 89, bass: 38, lead: 11, pad: 95 }, density: 0.35 },
  Grunge: { progression: 'modal', drums: 'rock', comp: 'power', programs: { chords: 30, bass: 34, lead: 29 } },
  'Boom Bap': { drums: 'boom-bap', comp: 'stabs', bass: 'syncopated', programs: { chords: 0, bass: 32 }, swing: 0.22, seventhChords: true },
  Motown: { progression: 'pop', drums: 'backbeat', comp: 'offbeat', bass: 'walking', programs: { chords: 0, bass: 33, lead: 66, pad: 49 } },
  Flamenco: { progression: 'flamenco', minorOnly: true, drums: 'none', comp: 'strum', bass: 'roots', programs: { chords: 24, bass: 32, lead: 24 }, density: 0.7 },
  Waltz: { drums: 'waltz', comp: 'oom-pah', bass: 'oom-pah', beatsPerBar: 3, programs: { pad: 48 } },
  Shoegaze: { drums: 'rock', comp: 'tremolo', programs: { chords: 29, lead: 29, pad: 95 }, density: 0.3, seventhChords: true },
};

export interface MoodTraits {
  mode: 'major' | 'minor';
  /** Scales the sections' energy (velocity, drum density, comping density), 0..1. */
  energy: number;
  /** Added to the melody's density. */
  density: number;
}

export const MOOD_TRAITS: Record<Mood, MoodTraits> = {
  Energetic: { mode: 'major', energy: 0.95, density: 0.1 },
  Happy: { mode: 'major', energy: 0.8, density: 0.05 },
  Chill: { mode: 'major', energy: 0.45, density: -0.15 },
  Uplifting: { mode: 'major', energy: 0.85, density: 0 },
  Romantic: { mode: 'major', energy: 0.5, density: -0.1 },
  Sad: { mode: 'minor', energy: 0.4, density: -0.15 },
  Dark: { mode: 'minor', energy: 0.7, density: 0 },
  Epic: { mode: 'minor', energy: 1, density: 0.05 },
  Dreamy: { mode: 'major', energy: 0.4, density: -0.2 },
  Melancholic: { mode: 'minor', energy: 0.45, density: -0.1 },
  Aggressive: { mode: 'minor', energy: 1, density: 0.15 },
  Peaceful: { mode: 'major', energy: 0.3, density: -0.25 },
  Mysterious: { mode: 'minor', energy: 0.5, density: -0.1 },
};

export type PartRole = 'melody' | 'chords' | 'pad' | 'bass' | 'drums';

/** The role and General MIDI program of each instrument a request may name. */
export const INSTRUMENT_PARTS: Record<Instrument, { role: Exclude<PartRole, 'melody'> | 'lead'; program: number }> = {
  piano: { role: 'chords', program: 0 },
  'electric piano': { role: 'chords', program: 4 },
  organ: { role: 'chords', program: 16 },
  'acoustic guitar': { role: 'chords', program: 25 },
  'electric guitar': { role: 'chords', program: 27 },
  'distorted guitar': { role: 'chords', program: 30 },
  'bass guitar': { role: 'bass', program: 33 },
  'synth bass': { role: 'bass', program: 38 },
  strings: { role: 'pad', program: 48 },
  brass: { role: 'pad', program: 61 },
  saxophone: { role: 'lead', program: 65 },
  flute: { role: 'lead', program: 73 },
  'synth lead': { role: 'lead', program: 81 },
  'synth pad': { role: 'pad', program: 89 },
  choir: { role: 'pad', program: 52 },
  drums: { role: 'drums', program: 0 },
};

/** General MIDI names of the programs the composer uses: the track names the renderer gives its stems. */
export const GM_PROGRAM_NAMES: Record<number, string> = {
  0: 'Acoustic Grand Piano',
  1: 'Bright Piano',
  2: 'Electric Grand Piano',
  4: 'Electric Piano',
  5: 'Electric Piano 2',
  8: 'Celesta',
  11: 'Vibraphone',
  12: 'Marimba',
  16: 'Drawbar Organ',
  17: 'Percussive Organ',
  18: 'Rock Organ',
  19: 'Church Organ',
  20: 'Reed Organ',
  21: 'Accordion',
  22: 'Harmonica',
  24: 'Nylon Guitar',
  25: 'Steel Guitar',
  26: 'Jazz Guitar',
  27: 'Clean Electric Guitar',
  28: 'Muted Guitar',
  29: 'Overdriven Guitar',
  30: 'Distortion Guitar',
  32: 'Acoustic Bass',
  33: 'Fingered Bass',
  34: 'Picked Bass',
  35: 'Fretless Bass',
  36: 'Slap Bass',
  37: 'Slap Bass 2',
  38: 'Synth Bass',
  39: 'Synth Bass 2',
  40: 'Violin',
  41: 'Viola',
  42: 'Cello',
  43: 'Contrabass',
  44: 'Tremolo Strings',
  45: 'Pizzicato Strings',
  46: 'Harp',
  48: 'String Ensemble',
  49: 'Slow Strings',
  50: 'Synth Strings',
  52: 'Choir Aahs',
  53: 'Voice Oohs',
  54: 'Synth Voice',
  56: 'Trumpet',
  57: 'Trombone',
  59: 'Muted Trumpet',
  60: 'French Horn',
  61: 'Brass Section',
  62: 'Synth Brass',
  64: 'Soprano Sax',
  65: 'Alto Sax',
  66: 'Tenor Sax',
  67: 'Baritone Sax',
  68: 'Oboe',
  70: 'Bassoon',
  71: 'Clarinet',
  72: 'Piccolo',
  73: 'Flute',
  74: 'Recorder',
  75: 'Pan Flute',
  80: 'Square Lead',
  81: 'Saw Lead',
  82: 'Calliope Lead',
  84: 'Charang Lead',
  87: 'Bass Lead',
  88: 'New Age Pad',
  89: 'Warm Pad',
  90: 'Polysynth Pad',
  91: 'Choir Pad',
  92: 'Bowed Pad',
  94: 'Halo Pad',
  95: 'Sweep Pad',
  105: 'Banjo',
  110: 'Fiddle',
};

/**
 * The palette each program of a style may be played by: instruments of the same section and role
 * (a piano, a bright or electric grand or an electric piano; an orchestra's bass line on cello,
 * double bass, pizzicato strings or bassoon; one synth pad for another). A song's seed picks its
 * band from the palette of each program its style names, so a variation (the next seed) is played
 * by another band of the same style. With families of two (engine 1.2.0) a style such as
 * Orchestral had eight bands, and a request and its variation drew the same one often enough for
 * the copyright oracle to hear them as one recording. Every program here has a name in
 * GM_PROGRAM_NAMES, and every palette has at least three.
 */
const PROGRAM_FAMILIES: readonly (readonly number[])[] = [
  [0, 1, 2, 4],
  [4, 5, 0, 2],
  [11, 12, 8],
  [16, 17, 18, 19],
  [19, 20, 16],
  [22, 110, 21],
  [24, 25, 46],
  [25, 24, 26],
  [26, 27, 28],
  [27, 26, 28],
  [29, 30, 28],
  [30, 29, 28],
  [32, 33, 34, 35],
  [33, 32, 34, 35],
  [34, 33, 32, 35],
  [36, 37, 33],
  [38, 39, 87],
  [39, 38, 87],
  [40, 41, 68, 71, 73],
  [42, 43, 45, 70],
  [48, 49, 44, 50],
  [49, 48, 44, 50],
  [52, 53, 54, 91],
  [56, 59, 57, 61],
  [60, 61, 57, 62],
  [61, 60, 62, 57],
  [65, 64, 66, 67],
  [66, 65, 67, 64],
  [73, 74, 75, 72],
  [75, 73, 74],
  [80, 81, 84, 82],
  [81, 80, 84, 82],
  [84, 81, 80],
  [87, 81, 80],
  [88, 89, 90, 91, 92, 94, 95],
  [105, 25, 24],
];

/** The programs a song may play instead of `program`: its family, itself first; itself alone when it has none. */
export function programFamily(program: number): readonly number[] {
  return PROGRAM_FAMILIES.find((family) => family[0] === program) ?? PROGRAM_FAMILIES.find((family) => family.includes(program)) ?? [program];
}

/** The traits of a genre with up to three styles blended in (the first chosen leads). */
export function blendTraits(genre: Genre, styles: readonly StyleName[]): Traits {
  const base = GENRE_TRAITS[genre];
  const set = new Set<string>();
  const traits: Traits = { ...base, programs: { ...base.programs } };
  for (const style of styles) {
    const { programs, swing: _swing, density: _density, ...rest } = STYLE_TRAITS[style];
    for (const [field, value] of Object.entries(rest) as [keyof typeof rest, never][]) {
      if (set.has(field)) continue;
      set.add(field);
      traits[field] = value;
    }
    for (const [field, value] of Object.entries(programs ?? {}) as [keyof Programs, number | null][]) {
      if (set.has(`programs.${field}`)) continue;
      set.add(`programs.${field}`);
      (traits.programs as Record<keyof Programs, number | null>)[field] = value;
    }
  }
  const swings = styles.map((style) => STYLE_TRAITS[style].swing).filter((swing): swing is number => swing !== undefined);
  if (swings.length > 0) traits.swing = Math.max(...swings);
  const densities = [base.density, ...styles.map((style) => STYLE_TRAITS[style].density).filter((density): density is number => density !== undefined)];
  traits.density = densities.reduce((sum, density) => sum + density, 0) / densities.length;
  return traits;
}
