// The studio's left column as it renders: the engine note, the chips shown before "more", Create
// and Auto lyrics disabled while generating or with a blank description, the price from the
// server's list, and the advanced options' ranges and defaults.
import { describe, expect, it } from 'vitest';
import { renderWithQueries } from '../../../lib/test-render';
import { INITIAL_FORM, type StudioForm as Form } from '../studio-form';
import { ENGINE_NOTE, StudioForm } from './studio-form';

const noop = () => undefined;

function render(form: Partial<Form> = {}, { generating = false, lyricsPending = false, price = 10 as number | null, initiallyAdvanced = false } = {}): string {
  return renderWithQueries(
    <StudioForm
      form={{ ...INITIAL_FORM, ...form }}
      onChange={noop}
      generating={generating}
      lyricsPending={lyricsPending}
      price={price}
      onCreate={noop}
      onAutoLyrics={noop}
      initiallyAdvanced={initiallyAdvanced}
    />,
    [],
  );
}

/** The opening tag of the button whose label is `label`. */
function buttonTag(html: string, label: string): string {
  const match = new RegExp(`<button([^>]*)>(?:(?!</button>).)*?>${label.replace(/[()]/g, '\\$&')}</(?:span|button)>`).exec(html);
  if (!match) throw new Error(`No button labelled ${label}`);
  return match[1]!;
}
const isDisabled = (html: string, label: string) => /\sdisabled=""/.test(buttonTag(html, label));
const chips = (html: string) => [...html.matchAll(/class="studio-chip[^"]*" aria-pressed="(true|false)"[^>]*>([^<]+)</g)].map((match) => ({ label: match[2], pressed: match[1] === 'true' }));

describe('studio form', () => {
  it('says plainly what the engine is', () => {
    const html = render();
    expect(ENGINE_NOTE).toContain('algorithmic composer');
    expect(ENGINE_NOTE).toContain('General MIDI synthesizer with the MuseScore General SoundFont');
    expect(ENGINE_NOTE).toContain('not a neural model');
    expect(html).toContain('not a neural model');
  });

  it('shows 8 genres, 8 moods and 18 styles before "more", with the defaults chosen', () => {
    const html = render({ styles: ['Lo-fi'] });
    const all = chips(html);
    expect(all).toHaveLength(8 + 8 + 18);
    expect(all.filter((chip) => chip.pressed).map((chip) => chip.label)).toEqual(['Pop', 'Energetic', 'Lo-fi']);
    expect(html).toContain('>more (7)<');
    expect(html).toContain('>more (5)<');
    expect(html).toContain('>more (12)<');
    expect(html).toContain('Up to 3: 1 chosen');
  });

  it('disables Create and Auto lyrics with a blank description or while generating', () => {
    expect(isDisabled(render({ prompt: '  ' }), 'Create')).toBe(true);
    expect(isDisabled(render({ prompt: '  ' }), 'Auto lyrics')).toBe(true);
    expect(isDisabled(render({ prompt: 'rainy nights' }), 'Create')).toBe(false);
    expect(isDisabled(render({ prompt: 'rainy nights' }), 'Auto lyrics')).toBe(false);
    expect(isDisabled(render({ prompt: 'rainy nights' }, { generating: true }), 'Create')).toBe(true);
    expect(isDisabled(render({ prompt: 'rainy nights' }, { generating: true, lyricsPending: true }), 'Auto lyrics')).toBe(true);
  });

  it('shows the price from the server\'s list, and none before it answers', () => {
    expect(render()).toContain('A song costs 10 tokens');
    expect(render({}, { price: null })).not.toContain('A song costs');
  });

  it('offers the advanced options with the spec\'s defaults', () => {
    const html = render({}, { initiallyAdvanced: true });
    expect(html).toContain('Tempo: 128 BPM');
    expect(html).toContain('Duration: 1:00');
    for (const label of ['Key', 'Instruments', 'Include vocals', 'Voice type', 'Vocal style']) expect(html).toContain(`>${label}</label>`);
    expect(html).toMatch(/aria-valuemin="60"[^>]*aria-valuemax="200"|aria-valuemax="200"[^>]*aria-valuemin="60"/);
    expect(html).toContain('Alto');
  });

  it('says what the audio/persona toggle means for the song', () => {
    expect(render({ includeVocals: true })).toContain('Written for a singer: alto, pop style');
    const instrumental = render({ includeVocals: false, lyrics: 'la la' });
    expect(instrumental).toContain('Instrumental: no voice');
    expect(instrumental).toContain('An instrumental sings no words');
  });
});
