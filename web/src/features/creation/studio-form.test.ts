// The studio form's rules (spec §5): the style limit, the chips shown before "more", when Create
// and Auto lyrics may be pressed, the request Create sends, and Auto lyrics' seed + 1.
import { describe, expect, it } from 'vitest';
import { songRequestSchema } from '../../../../domain/contracts/creation';
import { GENRES, MAX_INSTRUMENTS, MOODS, STYLES } from '../../../../domain/creation/options';
import { canCreate, canWriteLyrics, CHIPS_SHOWN, INITIAL_FORM, lyricsRequestOf, songRequestOf, STYLE_CHIPS_SHOWN, toggleInstrument, toggleStyle, visibleChips } from './studio-form';

describe('style chips', () => {
  it('takes at most 3 styles: a fourth is ignored, a selected chip clicked again is removed', () => {
    let styles = toggleStyle([], 'Synthwave');
    styles = toggleStyle(styles, 'Lo-fi');
    styles = toggleStyle(styles, 'Trap');
    expect(styles).toEqual(['Synthwave', 'Lo-fi', 'Trap']);
    expect(toggleStyle(styles, 'House')).toEqual(['Synthwave', 'Lo-fi', 'Trap']);
    expect(toggleStyle(styles, 'Lo-fi')).toEqual(['Synthwave', 'Trap']);
    expect(toggleStyle(toggleStyle(styles, 'Lo-fi'), 'House')).toEqual(['Synthwave', 'Trap', 'House']);
  });

  it('takes at most the request\'s number of instruments', () => {
    const six = ['piano', 'organ', 'strings', 'brass', 'flute', 'choir'] as const;
    expect(six).toHaveLength(MAX_INSTRUMENTS);
    expect(toggleInstrument([...six], 'drums')).toEqual([...six]);
    expect(toggleInstrument([...six], 'organ')).not.toContain('organ');
  });

  it('shows the first 8 genres and moods and the first 18 styles, the rest after "more", and a chosen one always', () => {
    expect(visibleChips(GENRES, CHIPS_SHOWN, false, ['Pop'])).toEqual(GENRES.slice(0, 8));
    expect(visibleChips(MOODS, CHIPS_SHOWN, false, [])).toHaveLength(8);
    expect(visibleChips(STYLES, STYLE_CHIPS_SHOWN, false, [])).toEqual(STYLES.slice(0, 18));
    expect(visibleChips(STYLES, STYLE_CHIPS_SHOWN, true, [])).toHaveLength(30);
    expect(visibleChips(STYLES, STYLE_CHIPS_SHOWN, false, ['Shoegaze'])).toEqual([...STYLES.slice(0, 18), 'Shoegaze']);
  });
});

describe('Create and Auto lyrics', () => {
  it('are disabled while generating or when the description is blank', () => {
    for (const check of [canCreate, canWriteLyrics]) {
      expect(check({ prompt: '' }, false)).toBe(false);
      expect(check({ prompt: '   \n ' }, false)).toBe(false);
      expect(check({ prompt: 'rainy nights' }, true)).toBe(false);
      expect(check({ prompt: 'rainy nights' }, false)).toBe(true);
    }
  });

  it('sends the spec\'s song request, which the server\'s schema accepts as it is', () => {
    const form = { ...INITIAL_FORM, prompt: '  rainy Tokyo nights ', styles: ['Synthwave' as const, 'Lo-fi' as const], tempo: 92, duration: 95, key: 'F#' as const, instruments: ['piano' as const], lyrics: '[Chorus]\nla la' };
    const body = songRequestOf(form);
    expect(body).toEqual({
      prompt: 'rainy Tokyo nights',
      genre: 'Pop',
      mood: 'Energetic',
      selectedStyles: ['Synthwave', 'Lo-fi'],
      tempo: 92,
      duration: 95,
      key: 'F#',
      instruments: ['piano'],
      includeVocals: true,
      lyrics: '[Chorus]\nla la',
      voiceType: 'alto',
      vocalStyle: 'pop',
      engine: 'goose-composer',
    });
    expect(songRequestSchema.safeParse(body).success).toBe(true);
  });

  it('asks for the request\'s own lyrics first, then the last answer\'s seed + 1; a changed request starts over', () => {
    const form = { ...INITIAL_FORM, prompt: 'rainy Tokyo nights' };
    const first = lyricsRequestOf(form, null);
    expect(first.body).toEqual({ prompt: 'rainy Tokyo nights', genre: 'Pop', mood: 'Energetic', duration: 60, vocalStyle: 'pop' });
    const again = lyricsRequestOf(form, { request: first.key, seed: 41 });
    expect(again.body.seed).toBe(42);
    expect(lyricsRequestOf(form, { request: first.key, seed: 2 ** 32 - 1 }).body.seed).toBe(0);
    const changed = lyricsRequestOf({ ...form, mood: 'Sad' }, { request: first.key, seed: 41 });
    expect(changed.body.seed).toBeUndefined();
    expect(changed.key).not.toBe(first.key);
  });
});
