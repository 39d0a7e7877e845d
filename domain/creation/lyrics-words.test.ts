// Syllables and rhymes by the CMU dictionary: counts on a sample of words whose counts are not in
// doubt, spellings cut so the pieces join back to the word, and perfect rhymes only.
import { describe, expect, it } from 'vitest';
import { rhymeTail, syllabify, syllableCount, wordsRhyme } from './lyrics-words';

describe('syllables', () => {
  it('counts a sample of words as a dictionary does', () => {
    const sample: Record<string, number> = {
      light: 1, dream: 1, strength: 1, city: 2, summer: 2, tonight: 2, morning: 2, heaven: 2, alone: 2, yellow: 2, table: 2,
      beautiful: 3, together: 3, remember: 3, yesterday: 3, idea: 3, everybody: 4, electricity: 5,
    };
    for (const [word, count] of Object.entries(sample)) expect([word, syllableCount(word)]).toEqual([word, count]);
  });

  it('counts a word the dictionary lacks by its spelling', () => {
    expect(syllableCount('glimmerwave')).toBe(3);
    expect(syllableCount('zorblat')).toBe(2);
  });

  it('cuts the spelling into as many pieces as it has syllables, and the pieces join back to the word', () => {
    expect(syllabify('beautiful')).toEqual(['beau', 'ti', 'ful']);
    expect(syllabify('tonight')).toEqual(['to', 'night']);
    expect(syllabify('summer')).toEqual(['sum', 'mer']);
    expect(syllabify('singing')).toEqual(['sing', 'ing']);
    expect(syllabify('table')).toEqual(['ta', 'ble']);
    expect(syllabify('quiet')).toEqual(['qui', 'et']);
    expect(syllabify('Yesterday')).toEqual(['Yes', 'ter', 'day']);
    expect(syllabify('loved')).toEqual(['loved']);
    for (const word of ['remember', 'electricity', 'everybody', 'idea', 'Tokyo', 'rhythm', 'whispering']) {
      const pieces = syllabify(word);
      expect(pieces.join('')).toBe(word);
      expect(pieces.length).toBeLessThanOrEqual(syllableCount(word));
    }
  });
});

describe('rhymes', () => {
  it('pairs words whose sounds agree from the last stressed vowel on', () => {
    expect(rhymeTail('night')).toBe('AY T');
    expect(wordsRhyme('night', 'light')).toBe(true);
    expect(wordsRhyme('fire', 'desire')).toBe(true);
    expect(wordsRhyme('heart', 'start')).toBe(true);
    expect(wordsRhyme('Ocean', 'motion')).toBe(true);
  });

  it('refuses near rhymes, a word with itself and a word the dictionary lacks', () => {
    expect(wordsRhyme('love', 'move')).toBe(false);
    expect(wordsRhyme('running', 'morning')).toBe(false);
    expect(wordsRhyme('night', 'Night')).toBe(false);
    expect(wordsRhyme('zorblat', 'blat')).toBe(false);
  });
});
