// A derived song's title says what was done to its source (extended, which section is new, a
// variation), falls back to the section's number when the source has no name for it, and stays
// within the generation event's 200 characters however long the chain of derivations.
import { describe, expect, it } from 'vitest';
import { GenerationRequested } from '../../../domain/creation/generation.events';
import { derivedTitle, type SourceSong } from './start-generation';

const section = (name: string) => ({ name, startSeconds: 0, endSeconds: 10 });
const cityLights: SourceSong = { title: 'City lights', sections: [section('Intro'), section('Verse 1'), section('Chorus 1'), section('Bridge'), section('Outro')] };

describe('derivedTitle', () => {
  it('names the operation after the source title', () => {
    expect(derivedTitle(cityLights, { operation: 'extend', generationId: 'g', seconds: 30 })).toBe('City lights (extended +30 s)');
    expect(derivedTitle(cityLights, { operation: 'replace-section', generationId: 'g', sectionIndex: 3 })).toBe('City lights (new bridge)');
    expect(derivedTitle(cityLights, { operation: 'replace-section', generationId: 'g', sectionIndex: 1 })).toBe('City lights (new verse 1)');
    expect(derivedTitle(cityLights, { operation: 'variation', generationId: 'g' })).toBe('City lights (variation)');
  });

  it('numbers a section from 1 when the source has no name for it', () => {
    expect(derivedTitle({ title: 'City lights', sections: [] }, { operation: 'replace-section', generationId: 'g', sectionIndex: 2 })).toBe('City lights (new section 3)');
    expect(derivedTitle({ title: 'City lights', sections: [section(' ')] }, { operation: 'replace-section', generationId: 'g', sectionIndex: 0 })).toBe('City lights (new section 1)');
  });

  it('keeps the newest operation whole within the event’s 200 characters', () => {
    let song: SourceSong = cityLights;
    for (let i = 0; i < 30; i += 1) song = { ...song, title: derivedTitle(song, { operation: 'extend', generationId: 'g', seconds: 30 }) };
    expect(song.title.length).toBeLessThanOrEqual(200);
    expect(song.title).toMatch(/^City lights \(extended \+30 s\).*… \(extended \+30 s\)$/);
    const schema = GenerationRequested.schema.shape.title;
    expect(schema.safeParse(song.title).success).toBe(true);
  });
});
