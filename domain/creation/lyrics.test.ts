// The lyrics writer and parser: the same request and seed give the same words (and no other source
// of chance is read), the prompt's key phrases are sung, the lines of each rhyme group rhyme by the
// dictionary, every chorus is the first one again, the form follows the duration or the composer's
// plan, and text parses back into the structure it was written from.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyPhrases, lyricLine, lyricSectionsFor, parseLyrics, writeLyrics, type LyricsRequest } from './lyrics';
import { randomStream } from './random';
import type { LyricSection } from './lyrics-sections';
import { normalWord, wordsRhyme } from './lyrics-words';

const request: LyricsRequest = { prompt: 'A song about rainy Tokyo nights and lost love', genre: 'Pop', mood: 'Melancholic', duration: 150, vocalStyle: 'pop' };

const lastWord = (text: string) => normalWord(text.split(' ').at(-1)!);

/** Whether the stanza's lines rhyme in couplets (AABB) or alternately (ABAB), by the dictionary. */
function rhymesAsWritten(section: LyricSection): boolean {
  const ends = section.lines.map((line) => lastWord(line.text));
  const pairs = (indices: [number, number][]) => indices.every(([a, b]) => wordsRhyme(ends[a]!, ends[b]!));
  if (ends.length === 2) return pairs([[0, 1]]);
  if (ends.length === 4) return pairs([[0, 1], [2, 3]]) || pairs([[0, 2], [1, 3]]);
  throw new Error(`a ${ends.length}-line stanza was not expected`);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('writing lyrics', () => {
  it('gives the same lyrics for the same request and seed, other lyrics for another seed, and reads no other chance', () => {
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random was read');
    });
    const first = writeLyrics(request, randomStream(7, 'lyrics'));
    expect(writeLyrics(request, randomStream(7, 'lyrics'))).toEqual(first);
    expect(writeLyrics(request, randomStream(8, 'lyrics')).text).not.toBe(first.text);
  });

  it("sings the prompt's key phrases, the first as the chorus hook", () => {
    expect(keyPhrases(request.prompt)).toEqual(['rainy Tokyo nights', 'lost love']);
    const lyrics = writeLyrics(request, randomStream(1, 'lyrics'));
    expect(lyrics.keywords).toEqual(['rainy Tokyo nights', 'lost love']);
    const chorus = lyrics.sections.find((section) => section.kind === 'chorus')!;
    expect(chorus.lines[0]!.text.toLowerCase()).toContain('rainy tokyo nights');
    expect(lyrics.sections.filter((section) => section.kind === 'verse').flatMap((verse) => verse.lines.map((line) => line.text)).join('\n')).toContain('lost love');
  });

  it('takes key phrases between stop words and punctuation, keeps the capitals of names only, and drops what describes the sound', () => {
    expect(keyPhrases('Dreamy lo-fi beat about Grandma, her garden and the old red bicycle. Chill vibes')).toEqual(['lo-fi', 'Grandma', 'garden', 'old red bicycle']);
    expect(keyPhrases('a sad song about it')).toEqual([]);
    expect(keyPhrases(`neon ${'a'.repeat(25)} dreams`)).toEqual(['neon', 'dreams']);
  });

  it('writes about the mood when the prompt names nothing', () => {
    const lyrics = writeLyrics({ ...request, prompt: 'a happy song' }, randomStream(3, 'lyrics'));
    expect(lyrics.keywords).toEqual([]);
    expect(lyrics.sections.length).toBeGreaterThan(0);
  });

  it('rhymes the lines of every stanza by the dictionary, across genres, moods and seeds', () => {
    const genres = ['Pop', 'Hip Hop', 'Country', 'Jazz', 'Electronic', 'Rock', 'Classical', 'Polka'];
    const moods = ['Energetic', 'Romantic', 'Melancholic', 'Calm', 'Dark', 'Epic', 'Whimsical'];
    let stanzas = 0;
    for (const [i, genre] of genres.entries()) {
      for (const [j, mood] of moods.entries()) {
        const lyrics = writeLyrics({ prompt: 'city lights and a midnight drive with you', genre, mood, duration: 70, vocalStyle: 'rock' }, randomStream(i * 100 + j, 'lyrics'));
        for (const section of lyrics.sections) {
          expect({ genre, mood, lines: section.lines.map((line) => line.text), rhymes: rhymesAsWritten(section) }).toMatchObject({ rhymes: true });
          stanzas++;
        }
      }
    }
    expect(stanzas).toBe(genres.length * moods.length * 5);
  });

  it('keeps rhyming when a long song has used up its line endings', () => {
    const plan = Array.from({ length: 14 }, () => ({ kind: 'verse' as const, lines: 8 }));
    const lyrics = writeLyrics({ ...request, genre: 'Pop', mood: 'Energetic' }, randomStream(2, 'lyrics'), plan);
    const quatrains = lyrics.sections.flatMap((section) => [section.lines.slice(0, 4), section.lines.slice(4)]);
    expect(quatrains).toHaveLength(28);
    for (const lines of quatrains) expect(rhymesAsWritten({ kind: 'verse', label: 'Verse', lines })).toBe(true);
  });

  it('cuts every line into syllables that spell its words, near the length the genre sings', () => {
    const rap = writeLyrics({ ...request, genre: 'Hip Hop', duration: 60 }, randomStream(5, 'lyrics'));
    const ballad = writeLyrics({ ...request, genre: 'Classical', duration: 60 }, randomStream(5, 'lyrics'));
    const average = (lyrics: typeof rap) => {
      const lines = lyrics.sections.flatMap((section) => section.lines);
      return lines.reduce((sum, line) => sum + line.syllables.length, 0) / lines.length;
    };
    for (const line of rap.sections.flatMap((section) => section.lines)) {
      expect(line.syllables.join('')).toBe(line.text.replace(/ /g, ''));
      expect(line.words.flatMap((word) => word.syllables)).toEqual(line.syllables);
    }
    expect(average(rap)).toBeGreaterThan(average(ballad) + 1);
  });

  it('repeats the chorus word for word', () => {
    const lyrics = writeLyrics(request, randomStream(11, 'lyrics'));
    const choruses = lyrics.sections.filter((section) => section.kind === 'chorus');
    expect(choruses).toHaveLength(3);
    for (const chorus of choruses) expect(chorus).toEqual(choruses[0]);
  });

  it('sizes the song by its duration: a verse and chorus per started minute, a bridge before the last chorus', () => {
    const labels = (duration: number) => writeLyrics({ ...request, duration }, randomStream(2, 'lyrics')).sections.map((section) => section.label);
    expect(labels(15)).toEqual(['Chorus']);
    expect(labels(60)).toEqual(['Verse 1', 'Chorus']);
    expect(labels(90)).toEqual(['Verse 1', 'Chorus', 'Verse 2', 'Bridge', 'Chorus']);
    expect(labels(150)).toEqual(['Verse 1', 'Chorus', 'Verse 2', 'Chorus', 'Verse 3', 'Bridge', 'Chorus']);
    expect(lyricSectionsFor(300).filter((section) => section.kind === 'verse')).toHaveLength(5);
  });

  it("follows the composer's plan: its sections, line counts and syllables per line", () => {
    const lyrics = writeLyrics(request, randomStream(4, 'lyrics'), [{ kind: 'intro', lines: 2 }, { kind: 'verse', lines: 3, syllables: 6 }, { kind: 'chorus', lines: 4, syllables: 6 }, { kind: 'outro', lines: 1 }]);
    expect(lyrics.sections.map((section) => [section.label, section.lines.length])).toEqual([['Intro', 2], ['Verse 1', 3], ['Chorus', 4], ['Outro', 1]]);
    const verse = lyrics.sections[1]!.lines.map((line) => lastWord(line.text));
    expect(wordsRhyme(verse[0]!, verse[1]!) && wordsRhyme(verse[1]!, verse[2]!)).toBe(true);
  });
});

describe('parsing lyrics', () => {
  it('reads written lyrics back into the structure they were written from', () => {
    const lyrics = writeLyrics(request, randomStream(9, 'lyrics'));
    expect(parseLyrics(lyrics.text)).toEqual(lyrics.sections);
  });

  it("reads a user's headings, bare or bracketed, and fills a heading without lines from the section it repeats", () => {
    const sections = parseLyrics('[Verse 1]\nRunning  down the river\nSinging to the moon\n\nChorus:\nOh my darling\n\n[Verse 2]\nMorning comes again\n\n[Chorus]\n\n[Guitar Solo]\nLa la la\r\n');
    expect(sections.map((section) => [section.kind, section.label, section.lines.map((line) => line.text)])).toEqual([
      ['verse', 'Verse 1', ['Running down the river', 'Singing to the moon']],
      ['chorus', 'Chorus', ['Oh my darling']],
      ['verse', 'Verse 2', ['Morning comes again']],
      ['chorus', 'Chorus', ['Oh my darling']],
      ['other', 'Guitar Solo', ['La la la']],
    ]);
    expect(sections[0]!.lines[0]!.syllables).toEqual(['Run', 'ning', 'down', 'the', 'ri', 'ver']);
  });

  it('without headings, calls the stanza that comes back the chorus and the others verses', () => {
    const sections = parseLyrics('First line here\nSecond line here\n\nWe sing it loud\n\nThird line here\n\nwe sing  it loud');
    expect(sections.map((section) => section.label)).toEqual(['Verse 1', 'Chorus', 'Verse 2', 'Chorus']);
    expect(parseLyrics('[Verse 1]\nOne line\n\nAnother stanza').map((section) => section.label)).toEqual(['Verse 1', 'Verse 2']);
    expect(parseLyrics('\n\n[Chorus]\n')).toEqual([]);
  });

  it("keeps a line's punctuation on its syllables and gives a dash no note", () => {
    expect(lyricLine('Hey, city-lights — tonight!')).toEqual({
      text: 'Hey, city-lights — tonight!',
      syllables: ['Hey,', 'ci', 'ty-', 'lights', 'to', 'night!'],
      words: [
        { text: 'Hey,', syllables: ['Hey,'] },
        { text: 'city-lights', syllables: ['ci', 'ty-', 'lights'] },
        { text: '—', syllables: [] },
        { text: 'tonight!', syllables: ['to', 'night!'] },
      ],
    });
  });
});
