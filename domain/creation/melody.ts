// The melody: each section type has a motif (a one-bar rhythm and contour) drawn from a stream
// keyed by the type, so every chorus opens with the same phrase; phrases answer and vary it (a
// sequence a step up, a cadence home) and land on chord tones on strong beats. With lyrics, each
// line gets a phrase and the phrase's rhythm is split or merged so there is one note per syllable,
// in the voice type's register.
import { PPQ, type LyricSection, type Note, type Section, type SectionType } from './composition';
import type { VoiceType } from './options';
import type { Random } from './random';

const SIXTEENTH = PPQ / 4;

/** Comfortable sung ranges (MIDI pitches) per voice type; an instrument lead plays in the last. */
export const REGISTERS: Record<VoiceType | 'lead', { low: number; high: number }> = {
  soprano: { low: 60, high: 81 },
  alto: { low: 55, high: 74 },
  tenor: { low: 48, high: 69 },
  bass: { low: 40, high: 62 },
  lead: { low: 60, high: 84 },
};

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] } as const;

interface RhythmNote {
  /** In sixteenths from the phrase's start. */
  onset: number;
  length: number;
}

export interface Motif {
  rhythm: RhythmNote[];
  /** Scale steps between successive notes. */
  steps: number[];
  /** Scale step of the first note above the register's tonic. */
  start: number;
}

/** A one-bar motif: busier with more density, always starting on the downbeat. */
export function makeMotif(random: Random, density: number, stepsPerBar: number, type: SectionType): Motif {
  const grid = density > 0.65 ? 1 : 2;
  const slots = stepsPerBar / grid;
  const count = Math.max(2, Math.min(slots, Math.round(2 + density * (slots - 1))));
  const onsets = new Set<number>([0]);
  while (onsets.size < count) onsets.add(random.int(1, slots - 1) * grid);
  const sorted = [...onsets].sort((a, b) => a - b);
  const rhythm = sorted.map((onset, i) => ({ onset, length: (sorted[i + 1] ?? stepsPerBar) - onset }));
  const steps = rhythm.map(() => random.weighted<number>([[0, 2], [1, 3], [-1, 3], [2, 2], [-2, 2], [3, 1], [-3, 1], [4, 0.5]]));
  const start = type === 'chorus' ? random.pick([4, 5, 7]) : type === 'bridge' ? random.pick([3, 5]) : random.pick([0, 2, 4]);
  return { rhythm, steps, start };
}

/** The two-bar phrase built on a motif: the motif, then its answer ending on a held note. */
function phraseRhythm(motif: Motif, stepsPerBar: number, bars: number): RhythmNote[] {
  const first = motif.rhythm.map((note) => ({ ...note }));
  if (bars === 1) return first;
  const answer = motif.rhythm.filter((note) => note.onset < stepsPerBar / 2).map((note) => ({ onset: note.onset + stepsPerBar, length: note.length }));
  const lastOnset = stepsPerBar + stepsPerBar / 2;
  if (answer.length > 0) {
    const tail = answer[answer.length - 1] as RhythmNote;
    tail.length = lastOnset - tail.onset;
  }
  answer.push({ onset: lastOnset, length: stepsPerBar / 2 - 1 });
  return [...first, ...answer];
}

/** Exactly `count` notes in the phrase's time: the longest notes split, or the last notes merged. */
export function fitRhythm(rhythm: readonly RhythmNote[], count: number): RhythmNote[] {
  let notes = rhythm.map((note) => ({ ...note }));
  if (count <= 0) return [];
  if (notes.length > count) {
    const end = Math.max(...notes.map((note) => note.onset + note.length));
    notes = notes.slice(0, count);
    const last = notes[notes.length - 1] as RhythmNote;
    last.length = Math.min(end - last.onset, Math.max(last.length, 4));
  }
  while (notes.length < count) {
    let longest = -1;
    notes.forEach((note, i) => {
      if (note.length >= 2 && (longest < 0 || note.length > (notes[longest] as RhythmNote).length)) longest = i;
    });
    if (longest < 0) break;
    const note = notes[longest] as RhythmNote;
    const half = Math.floor(note.length / 2);
    notes.splice(longest, 1, { onset: note.onset, length: half }, { onset: note.onset + half, length: note.length - half });
  }
  return notes;
}

function pitchOf(step: number, tonicPitch: number, scale: readonly number[]): number {
  const octave = Math.floor(step / 7);
  const degree = ((step % 7) + 7) % 7;
  return tonicPitch + 12 * octave + (scale[degree] ?? 0);
}

function nearestChordTone(pitch: number, pitchClasses: readonly number[]): number {
  for (let distance = 0; distance <= 6; distance += 1) {
    for (const candidate of [pitch - distance, pitch + distance]) if (pitchClasses.includes(((candidate % 12) + 12) % 12)) return candidate;
  }
  return pitch;
}

export interface MelodyContext {
  tonic: number;
  mode: 'major' | 'minor';
  register: { low: number; high: number };
  stepsPerBar: number;
  beatsPerBar: number;
  swing: number;
}

/** The melody of one section: phrases of two bars (a last single bar if the count is odd), a lyric line each when given. */
export function melodyNotes(section: Section, motif: Motif, context: MelodyContext, random: Random, lines: readonly { syllables: string[] }[] | null): Note[] {
  const scale = SCALES[context.mode];
  const barTicks = context.beatsPerBar * PPQ;
  // The lowest tonic in the register: motifs start on or above it.
  const tonicPitch = context.register.low + ((((context.tonic - context.register.low) % 12) + 12) % 12);
  const notes: Note[] = [];
  const phraseCount = Math.ceil(section.bars / 2);
  for (let phrase = 0; phrase < phraseCount; phrase += 1) {
    const startBar = phrase * 2;
    const bars = Math.min(2, section.bars - startBar);
    const phraseStart = section.startTick + startBar * barTicks;
    const line = lines ? lines[phrase] : undefined;
    if (lines && !line) continue;
    let rhythm = phraseRhythm(motif, context.stepsPerBar, bars);
    if (line) rhythm = fitRhythm(rhythm, line.syllables.length);
    // Phrase 2 of 4 is a sequence a step up; the last phrase of a section cadences on the tonic.
    const shift = phrase % 4 === 1 ? 1 : phrase % 4 === 3 ? -1 : 0;
    let step = motif.start + shift;
    rhythm.forEach((note, i) => {
      if (i > 0) step += motif.steps[i % motif.steps.length] ?? 0;
      const lastOfSection = phrase === phraseCount - 1 && i === rhythm.length - 1;
      if (lastOfSection) step = Math.round(step / 7) * 7;
      let pitch = pitchOf(step, tonicPitch, scale);
      const tick = phraseStart + note.onset * SIXTEENTH;
      const strong = note.onset % 4 === 0;
      const chord = section.chords.find((span) => tick >= span.startTick && tick < span.startTick + span.durationTicks);
      if (strong && chord && !lastOfSection) pitch = nearestChordTone(pitch, chord.pitchClasses);
      // A contour that leaves the register folds back by an octave and goes on from there.
      let octaves = 0;
      while (pitch + 12 * octaves > context.register.high) octaves -= 1;
      while (pitch + 12 * octaves < context.register.low) octaves += 1;
      pitch += 12 * octaves;
      step += 7 * octaves;
      const offbeat = note.onset % 4 === 2 ? Math.round(context.swing * (PPQ / 2)) : 0;
      notes.push({
        pitch,
        startTick: tick + offbeat,
        durationTicks: Math.max(30, note.length * SIXTEENTH - 20 - offbeat),
        velocity: Math.min(120, 70 + Math.round(30 * section.energy) + (strong ? 6 : 0) + random.int(-4, 4)),
        ...(line ? { syllable: line.syllables[i] ?? '' } : {}),
      });
    });
  }
  return notes;
}

/** The section type a lyric section is for, by its kind or its label ("Chorus", "verse 2"); null for any other. */
function lyricType(lyric: LyricSection): SectionType | 'pre-chorus' | null {
  const text = (lyric.kind ?? lyric.label ?? '').trim().toLowerCase();
  if (text.startsWith('pre')) return text.includes('chorus') ? 'pre-chorus' : null;
  return (['verse', 'chorus', 'bridge', 'intro', 'outro'] as const).find((type) => text.startsWith(type)) ?? null;
}

/** A pre-chorus is sung at the end of the section before it, so it joins that section's lines. */
function withPreChorusesJoined(lyricSections: readonly LyricSection[]): LyricSection[] {
  const joined: LyricSection[] = [];
  for (const lyric of lyricSections) {
    const previous = joined[joined.length - 1];
    if (lyricType(lyric) === 'pre-chorus' && previous && lyricType(previous) !== 'chorus') joined[joined.length - 1] = { ...previous, lines: [...previous.lines, ...lyric.lines] };
    else joined.push(lyric);
  }
  return joined;
}

/**
 * Which lines each section sings: the chorus's lyrics at every chorus; the others, in order, to
 * the verses and bridges (a verse's to a verse, a bridge's to the bridge, any other to whichever
 * comes next). Intro and outro lyrics are not sung (the melody rests there). Lines beyond a
 * section's phrases, and lyric sections left over, are counted as dropped.
 */
export function assignLyrics(sections: readonly Section[], lyricSections: readonly LyricSection[]): { linesBySection: Map<number, { syllables: string[] }[]>; placed: number; dropped: number } {
  const linesBySection = new Map<number, { syllables: string[] }[]>();
  const sheet = withPreChorusesJoined(lyricSections);
  const chorus = sheet.find((lyric) => lyricType(lyric) === 'chorus');
  const rest = sheet.filter((lyric) => lyric !== chorus);
  const used = new Set<LyricSection>();
  const firstChorus = sections.find((section) => section.type === 'chorus');
  let placed = 0;
  let dropped = 0;
  for (const section of sections) {
    if (section.type === 'intro' || section.type === 'outro') continue;
    const lyric =
      section.type === 'chorus' && chorus
        ? chorus
        : (rest.find((candidate) => !used.has(candidate) && lyricType(candidate) === section.type) ?? rest.find((candidate) => !used.has(candidate) && lyricType(candidate) === null));
    if (!lyric) continue;
    if (lyric !== chorus) used.add(lyric);
    const room = Math.ceil(section.bars / 2);
    const lines = lyric.lines.filter((line) => line.syllables.length > 0);
    // A chorus sung again places and drops the same lines each time: count them once.
    if (lyric !== chorus || section === firstChorus) {
      placed += Math.min(room, lines.length);
      dropped += Math.max(0, lines.length - room);
    }
    linesBySection.set(section.index, lines.slice(0, room));
  }
  for (const lyric of rest) if (!used.has(lyric)) dropped += lyric.lines.length;
  if (chorus && !firstChorus) dropped += chorus.lines.length;
  return { linesBySection, placed, dropped };
}
