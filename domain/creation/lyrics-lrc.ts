// Timed lyrics as LRC: one `[mm:ss.xx]` stamp per line, which players scroll and highlight; with
// syllable times, the enhanced form's `<mm:ss.xx>` stamps before each syllable, which karaoke
// players light up one by one.
import type { LyricLine } from './lyrics-sections';

export interface TimedSyllable {
  /** Seconds from the start of the song. */
  start: number;
  text: string;
  /** Whether the syllable begins a word (a space goes before it). */
  wordStart: boolean;
}

export interface TimedLyricLine {
  /** Seconds from the start of the song. */
  start: number;
  text: string;
  /** When the line is over; a blank stamped line clears it when the next line starts a second or more later. */
  end?: number;
  syllables?: TimedSyllable[];
}

export interface LrcTags {
  title?: string;
  artist?: string;
  /** The song's length in seconds. */
  length?: number;
}

/** A line of the lyrics with each of its syllables at the time given (one per syllable, in order). */
export function timeLine(line: LyricLine, syllableStarts: readonly number[], end?: number): TimedLyricLine {
  if (syllableStarts.length !== line.syllables.length) {
    throw new RangeError(`"${line.text}" has ${line.syllables.length} syllables, ${syllableStarts.length} times were given`);
  }
  const syllables: TimedSyllable[] = [];
  let at = 0;
  for (const word of line.words) {
    word.syllables.forEach((text, i) => syllables.push({ start: syllableStarts[at++]!, text, wordStart: i === 0 }));
  }
  return { start: syllableStarts[0] ?? 0, text: line.text, ...(end === undefined ? {} : { end }), syllables };
}

/** `mm:ss.xx`, rounded to the hundredth. */
export function lrcTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`A lyric time must be zero or more seconds, got ${seconds}`);
  const hundredths = Math.round(seconds * 100);
  const minutes = Math.floor(hundredths / 6000);
  const rest = hundredths % 6000;
  return `${String(minutes).padStart(2, '0')}:${String(Math.floor(rest / 100)).padStart(2, '0')}.${String(rest % 100).padStart(2, '0')}`;
}

/**
 * The lines as LRC, ordered by time. `enhanced` stamps each syllable of the lines that have
 * syllable times; the others stay plain.
 */
export function toLrc(lines: readonly TimedLyricLine[], tags: LrcTags = {}, options: { enhanced?: boolean } = {}): string {
  const out: string[] = [];
  if (tags.title) out.push(`[ti:${oneLine(tags.title)}]`);
  if (tags.artist) out.push(`[ar:${oneLine(tags.artist)}]`);
  if (tags.length !== undefined) out.push(`[length:${lrcTime(tags.length).slice(0, 5)}]`);
  const ordered = [...lines].sort((a, b) => a.start - b.start);
  ordered.forEach((line, i) => {
    const stamp = `[${lrcTime(line.start)}]`;
    if (options.enhanced && line.syllables && line.syllables.length > 0) {
      const sung = line.syllables.map((syllable, j) => `${j > 0 && syllable.wordStart ? ' ' : ''}<${lrcTime(syllable.start)}>${oneLine(syllable.text)}`).join('');
      out.push(`${stamp}${sung}${line.end === undefined ? '' : `<${lrcTime(line.end)}>`}`);
    } else {
      out.push(`${stamp}${oneLine(line.text)}`);
    }
    const next = ordered[i + 1];
    if (line.end !== undefined && (!next || next.start - line.end >= CLEAR_AFTER_SECONDS)) out.push(`[${lrcTime(line.end)}]`);
  });
  return `${out.join('\n')}\n`;
}

// A shorter pause keeps the line on screen: a blank flashed between two lines reads as a flicker.
const CLEAR_AFTER_SECONDS = 1;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
