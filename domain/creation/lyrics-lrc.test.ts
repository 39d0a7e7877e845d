// Timed lyrics: LRC stamps to the hundredth, lines in time order, a blank line where singing
// stops, and the enhanced form's per-syllable stamps with spaces only between words.
import { describe, expect, it } from 'vitest';
import { lyricLine } from './lyrics';
import { lrcTime, timeLine, toLrc } from './lyrics-lrc';

describe('LRC', () => {
  it('stamps [mm:ss.xx], rounded to the hundredth', () => {
    expect(lrcTime(0)).toBe('00:00.00');
    expect(lrcTime(12.345)).toBe('00:12.35');
    expect(lrcTime(59.999)).toBe('01:00.00');
    expect(lrcTime(185.5)).toBe('03:05.50');
    expect(() => lrcTime(-1)).toThrow(RangeError);
    expect(() => lrcTime(Number.NaN)).toThrow(RangeError);
  });

  it('writes the tags and one stamped line per lyric line, in time order, clearing the screen where singing stops', () => {
    const lrc = toLrc(
      [
        { start: 20.5, text: 'Second line', end: 24 },
        { start: 12, text: 'First   line', end: 20 },
        { start: 40, text: 'Last line', end: 44.25 },
      ],
      { title: 'Rainy Tokyo', artist: 'GOOSE Studio', length: 180 },
    );
    expect(lrc).toBe(['[ti:Rainy Tokyo]', '[ar:GOOSE Studio]', '[length:03:00]', '[00:12.00]First line', '[00:20.50]Second line', '[00:24.00]', '[00:40.00]Last line', '[00:44.25]', ''].join('\n'));
    for (const line of lrc.trim().split('\n')) expect(line).toMatch(/^\[(ti|ar|length):[^\]]+\]$|^\[\d{2}:\d{2}\.\d{2}\].*$/);
  });

  it('stamps every syllable in the enhanced form, a space only where a word begins', () => {
    const line = lyricLine('Under the city lights');
    const timed = timeLine(line, [10, 10.25, 10.5, 10.75, 11, 11.5], 12.5);
    expect(timed.syllables!.map((syllable) => [syllable.text, syllable.wordStart])).toEqual([
      ['Un', true], ['der', false], ['the', true], ['ci', true], ['ty', false], ['lights', true],
    ]);
    expect(toLrc([timed], {}, { enhanced: true })).toBe('[00:10.00]<00:10.00>Un<00:10.25>der <00:10.50>the <00:10.75>ci<00:11.00>ty <00:11.50>lights<00:12.50>\n[00:12.50]\n');
    expect(toLrc([timed])).toBe('[00:10.00]Under the city lights\n[00:12.50]\n');
  });

  it('refuses syllable times that do not match the line', () => {
    expect(() => timeLine(lyricLine('Under the city lights'), [1, 2, 3])).toThrow('"Under the city lights" has 6 syllables, 3 times were given');
  });
});
