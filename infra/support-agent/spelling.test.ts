// Correcting a question before it is searched: a misspelling of the knowledge's own words is fixed,
// shorthand is written out, and a real English word the knowledge never uses is kept, so a question
// about something GOOSE does not cover is not turned into one it does.
import { describe, expect, it } from 'vitest';
import { QuestionSpelling } from './spelling';

const spelling = QuestionSpelling.fromTexts([
  'Mastering exports a WAV and an MP3 of your track.',
  'Royalties are split between the receivers of a royalty contract.',
  'The copyright check compares every upload with the registered works.',
]);

describe('QuestionSpelling', () => {
  it('corrects misspellings of words the knowledge uses', () => {
    expect(spelling.correct('wat formats can the mastring export to')).toBe('what formats can the mastering export to');
    expect(spelling.correct('how are royalites split')).toBe('how are royalties split');
    expect(spelling.correct('does the copyrigth chek compare uploads')).toBe('does the copyright check compare uploads');
  });

  it('writes out shorthand and keeps the rest of the question as typed', () => {
    expect(spelling.correct("whats ur check compare, I can't tell")).toBe('what is your check compare, I cannot tell');
  });

  it('keeps English words the knowledge does not use, short words and numbers', () => {
    expect(spelling.correct('can goose split my mix into stems or press vinyl')).toBe('can goose split my mix into stems or press vinyl');
    expect(spelling.correct('is a 90/10 split ok for mp4')).toBe('is a 90/10 split ok for mp4');
  });
});
