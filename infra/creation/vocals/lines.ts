// What a voice performs: each lyric line the composer placed, word by word, each word with the
// melody notes its syllables are sung on (start, length, MIDI pitch). Read from the composition's
// syllables (the same times the timed lyrics carry) and the lyric sheet's words.
import type { Composition } from '../../../domain/creation/composition';
import type { LyricLine, LyricSection } from '../../../domain/creation/lyrics-sections';
import { REGISTERS } from '../../../domain/creation/melody';
import type { VoiceType } from '../../../domain/creation/options';

export interface VocalNote {
  /** Seconds from the start of the song. */
  start: number;
  seconds: number;
  /** MIDI pitch. */
  pitch: number;
  /** Where the composition's melody has the note. */
  tick: number;
}

export interface VocalWord {
  /** As written, punctuation included. */
  text: string;
  /** One per syllable, in order. */
  notes: VocalNote[];
}

export interface VocalLine {
  /** Its place among the song's sung lines. */
  index: number;
  text: string;
  /** Seconds from the start of the song: the first syllable's start and the last one's end. */
  start: number;
  end: number;
  words: VocalWord[];
}

/** The sung lines of a composition, in time order. */
export function vocalLines(composition: Composition, sheet: readonly LyricSection[]): VocalLine[] {
  const byText = new Map<string, LyricLine>();
  for (const section of sheet) for (const line of section.lines) byText.set(line.syllables.join('\u0001'), line);
  const groups: Composition['lyrics']['syllables'][] = [];
  for (const syllable of composition.lyrics.syllables) {
    if (syllable.lineStart || groups.length === 0) groups.push([]);
    groups.at(-1)!.push(syllable);
  }
  return groups.map((group, index) => {
    const notes = group.map((syllable) => ({ start: syllable.seconds, seconds: syllable.durationSeconds, pitch: syllable.pitch, tick: syllable.tick }));
    const line = byText.get(group.map((syllable) => syllable.text).join('\u0001'));
    const last = notes.at(-1)!;
    const words: VocalWord[] = [];
    if (line) {
      let at = 0;
      for (const word of line.words) {
        if (word.syllables.length === 0) continue;
        words.push({ text: word.text, notes: notes.slice(at, at + word.syllables.length) });
        at += word.syllables.length;
      }
    } else {
      // A line the sheet does not hold (it should not happen): each syllable is sung as a word.
      group.forEach((syllable, i) => words.push({ text: syllable.text, notes: [notes[i]!] }));
    }
    return { index, text: line?.text ?? group.map((syllable) => syllable.text).join(' '), start: notes[0]!.start, end: last.start + last.seconds, words };
  });
}

/** A pitch moved by octaves into the voice type's range (the composer writes there already; a user's extension may not). */
export function intoRegister(pitch: number, voiceType: VoiceType): number {
  const { low, high } = REGISTERS[voiceType];
  let moved = pitch;
  while (moved < low) moved += 12;
  while (moved > high && moved - 12 >= low) moved -= 12;
  return moved;
}
