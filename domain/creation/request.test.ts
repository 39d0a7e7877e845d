import { describe, expect, it } from 'vitest';
import { canonicalRequest, lyricsRequestSchema, requestHash, requestSeed, songRequestSchema } from '../contracts/creation';
import { CREATION_DEFAULTS, GENRES, KEYS, MOODS, STYLES } from './options';

function issues(body: unknown): string[] {
  const result = songRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the song request', () => {
  it('has the spec\'s option counts and defaults', () => {
    expect([GENRES.length, MOODS.length, KEYS.length, STYLES.length]).toEqual([15, 13, 12, 30]);
    const request = songRequestSchema.parse({ prompt: 'a song about the sea' });
    expect(request).toMatchObject({ genre: 'Pop', mood: 'Energetic', key: 'C', tempo: 128, duration: 60, includeVocals: true, voiceType: 'alto', vocalStyle: 'pop', selectedStyles: [], instruments: [], lyrics: '', engine: CREATION_DEFAULTS.engine });
  });

  it('reads names without regard to case and instruments as a comma-separated text', () => {
    const request = songRequestSchema.parse({ prompt: 'x', genre: 'hip-hop', mood: 'DARK', key: 'f#', selectedStyles: ['lo-fi', 'drum & bass'], instruments: 'Piano, synth bass ,drums', voiceType: 'Tenor', vocalStyle: 'R&B' });
    expect(request).toMatchObject({ genre: 'Hip-Hop', mood: 'Dark', key: 'F#', selectedStyles: ['Lo-fi', 'Drum & Bass'], instruments: ['piano', 'synth bass', 'drums'], voiceType: 'tenor', vocalStyle: 'r&b' });
  });

  it('refuses bad input with a message naming the field and the rule', () => {
    expect(issues({ prompt: '   ' })).toEqual(['prompt: prompt must describe the song (it is empty)']);
    expect(issues({})[0]).toMatch(/^prompt: prompt must be text/);
    expect(issues({ prompt: 'x', tempo: 59 })).toEqual(['tempo: tempo must be at least 60 BPM']);
    expect(issues({ prompt: 'x', tempo: 201 })).toEqual(['tempo: tempo must be at most 200 BPM']);
    expect(issues({ prompt: 'x', tempo: 120.5 })).toEqual(['tempo: tempo must be a whole number of beats per minute']);
    expect(issues({ prompt: 'x', duration: 5 })).toEqual(['duration: duration must be at least 10 seconds']);
    expect(issues({ prompt: 'x', duration: 305 })).toEqual(['duration: duration must be at most 300 seconds']);
    expect(issues({ prompt: 'x', duration: 62 })).toEqual(['duration: duration must be a multiple of 5 seconds']);
    expect(issues({ prompt: 'x', key: 'Db' })[0]).toMatch(/^key: key "Db" is not offered; key must be one of C, C#, D/);
    expect(issues({ prompt: 'x', genre: 'Polka' })[0]).toMatch(/^genre: genre "Polka" is not offered/);
    expect(issues({ prompt: 'x', mood: 3 })[0]).toMatch(/^mood: mood must be one of Energetic/);
    expect(issues({ prompt: 'x', selectedStyles: ['Trap', 'House', 'Disco', 'Punk'] })).toEqual(['selectedStyles: at most 3 styles can be blended']);
    expect(issues({ prompt: 'x', selectedStyles: ['Trap', 'trap'] })).toEqual(['selectedStyles: a style is selected twice']);
    expect(issues({ prompt: 'x', instruments: ['kazoo'] })[0]).toMatch(/^instruments\.0: instrument "kazoo" is not offered/);
    expect(issues({ prompt: 'x', includeVocals: 'yes' })).toEqual(['includeVocals: includeVocals must be true or false']);
    expect(issues({ prompt: 'x', engine: 'Mubert' })[0]).toMatch(/^engine: engine "Mubert" is not offered; engine must be one of goose-composer/);
    expect(issues({ prompt: 'x'.repeat(1001) })).toEqual(['prompt: prompt must be at most 1000 characters']);
  });

  it('names the same song the same way: spacing and instrument order do not change the hash or the seed', () => {
    const a = songRequestSchema.parse({ prompt: ' rain  on the roof ', instruments: ['strings', 'piano'], lyrics: 'one  line\n two ' });
    const b = songRequestSchema.parse({ prompt: 'rain on the roof', instruments: ['piano', 'strings'], lyrics: 'one line\ntwo' });
    expect(canonicalRequest(a)).toEqual(canonicalRequest(b));
    expect(requestHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash(a)).toBe(requestHash(b));
    expect(requestSeed(a)).toBe(requestSeed(b));
    const c = songRequestSchema.parse({ prompt: 'rain on the roof', instruments: ['piano', 'strings'], lyrics: 'one line\ntwo', tempo: 129 });
    expect(requestHash(c)).not.toBe(requestHash(a));
    expect(requestSeed(c)).not.toBe(requestSeed(a));
    expect(Number.isSafeInteger(requestSeed(a))).toBe(true);
  });

  it('style order matters: the first style leads the blend', () => {
    const a = songRequestSchema.parse({ prompt: 'x', selectedStyles: ['Trap', 'House'] });
    const b = songRequestSchema.parse({ prompt: 'x', selectedStyles: ['House', 'Trap'] });
    expect(requestHash(a)).not.toBe(requestHash(b));
  });
});

describe('the lyrics request', () => {
  it('defaults like the studio and refuses a blank prompt', () => {
    expect(lyricsRequestSchema.parse({ prompt: 'city lights' })).toEqual({ prompt: 'city lights', genre: 'Pop', mood: 'Energetic', duration: 60, vocalStyle: 'pop' });
    const result = lyricsRequestSchema.safeParse({ prompt: '', vocalStyle: 'opera' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['prompt', 'vocalStyle']);
  });
});
