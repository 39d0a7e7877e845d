// The studio's calls as the server sees them: the create call's body and answer, Auto lyrics' seed,
// the actions that start a new song, Like, a drifted answer refused, and the failures as the product
// words them (402 opens the pricing plans like every other paid step).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ContractError } from '../../../lib/api-client';
import { OPEN_PRICING_EVENT, pricingNoticeFromEvent } from '../../../lib/app-events';
import { generatedSong } from '../generated-song.fixture';
import { GENERATION_FAILED, LYRICS_FAILED_DETAIL, reportLyricsFailure, reportSongFailure } from '../generation-errors';
import { INITIAL_FORM, songRequestOf } from '../studio-form';
import { generateLyrics } from './generate-lyrics';
import { generateSong, startSongAction } from './generate-song';
import { getGeneratedMusic } from './generated-music';
import { likeSong } from './like-song';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body === undefined ? '' : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sent = (fetchMock: ReturnType<typeof answer>, call = 0) => {
  const [url, init] = fetchMock.mock.calls[call]!;
  return { url, method: init?.method, credentials: init?.credentials, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
};
const started = { id: 'gen-2', status: 'queued', trackId: 'track-2' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('creation calls', () => {
  it('posts the song request with the session cookie and reads the 202', async () => {
    const fetchMock = answer(202, started);
    const body = songRequestOf({ ...INITIAL_FORM, prompt: 'rainy nights', styles: ['Lo-fi'], includeVocals: false });
    await expect(generateSong(body)).resolves.toEqual(started);
    expect(sent(fetchMock)).toEqual({ url: '/api/audio/generate-complete-song', method: 'POST', credentials: 'include', body });
  });

  it('refuses an answer that is not the contract\'s', async () => {
    answer(202, { id: 'gen-2', status: 'done' });
    await expect(generateSong(songRequestOf({ ...INITIAL_FORM, prompt: 'x' }))).rejects.toBeInstanceOf(ContractError);
    answer(200, { songs: [{ id: 'x' }] });
    await expect(getGeneratedMusic()).rejects.toBeInstanceOf(ContractError);
  });

  it('reads the workspace list', async () => {
    answer(200, { songs: [generatedSong()] });
    await expect(getGeneratedMusic()).resolves.toEqual([generatedSong()]);
  });

  it('asks for lyrics with the seed given, and hands back the answer\'s seed', async () => {
    const fetchMock = answer(200, { lyrics: '[Chorus]\nla', sections: [], keywords: ['rain'], seed: 8 });
    const result = await generateLyrics({ prompt: 'rain', genre: 'Pop', mood: 'Sad', duration: 60, vocalStyle: 'pop', seed: 8 });
    expect(result.seed).toBe(8);
    expect(sent(fetchMock)).toMatchObject({ url: '/api/audio/generate-lyrics', method: 'POST', body: { prompt: 'rain', seed: 8 } });
  });

  it('starts a new song from an earlier one: extend by its seconds, replace a section by index, a variation', async () => {
    const fetchMock = answer(202, started);
    await startSongAction('gen 1', { kind: 'extend', seconds: 30 });
    await startSongAction('gen 1', { kind: 'replace-section', index: 2 });
    await startSongAction('gen 1', { kind: 'variation' });
    expect([0, 1, 2].map((call) => sent(fetchMock, call))).toEqual([
      { url: '/api/generated-music/gen%201/extend', method: 'POST', credentials: 'include', body: { seconds: 30 } },
      { url: '/api/generated-music/gen%201/sections/2/replace', method: 'POST', credentials: 'include', body: {} },
      { url: '/api/generated-music/gen%201/variation', method: 'POST', credentials: 'include', body: {} },
    ]);
  });

  it('likes and unlikes with PUT', async () => {
    const fetchMock = answer(200, generatedSong({ liked: true }));
    await likeSong('gen-1', true);
    expect(sent(fetchMock)).toMatchObject({ url: '/api/generated-music/gen-1/like', method: 'PUT', body: { liked: true } });
  });
});

describe('creation failures', () => {
  const toaster = () => ({ show: vi.fn() });

  it('opens the pricing plans with the server\'s text on a 402, and says Generation Failed', async () => {
    const window = new EventTarget();
    vi.stubGlobal('window', window);
    const notices: (string | null)[] = [];
    window.addEventListener(OPEN_PRICING_EVENT, (event) => notices.push(pricingNoticeFromEvent(event)));
    answer(402, { error: 'Insufficient tokens: this step costs 10.00, your balance is 4.00' });
    const error = await generateSong(songRequestOf({ ...INITIAL_FORM, prompt: 'x' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const toast = toaster();
    reportSongFailure(error, toast);
    expect(notices).toEqual(['Insufficient tokens: this step costs 10.00, your balance is 4.00']);
    expect(toast.show).toHaveBeenCalledWith({ severity: 'error', summary: GENERATION_FAILED, detail: 'Insufficient tokens: this step costs 10.00, your balance is 4.00' });
  });

  it('shows the server\'s error for another refusal, else "Failed to generate song"; no pricing', () => {
    const window = new EventTarget();
    vi.stubGlobal('window', window);
    const opened = vi.fn();
    window.addEventListener(OPEN_PRICING_EVENT, opened);
    const toast = toaster();
    reportSongFailure(new ApiError(400, '{"error":"at most 3 styles can be blended"}', 'Bad Request'), toast);
    reportSongFailure(new ApiError(502, '<html>', 'Bad Gateway'), toast);
    expect(toast.show.mock.calls.map(([options]) => options)).toEqual([
      { severity: 'error', summary: 'Generation Failed', detail: 'at most 3 styles can be blended' },
      { severity: 'error', summary: 'Generation Failed', detail: 'Failed to generate song' },
    ]);
    expect(opened).not.toHaveBeenCalled();
  });

  it('words a lyrics failure as the product does', () => {
    const toast = toaster();
    reportLyricsFailure(toast);
    expect(toast.show).toHaveBeenCalledWith({ severity: 'error', summary: 'Generation Failed', detail: LYRICS_FAILED_DETAIL });
    expect(`${GENERATION_FAILED} - ${LYRICS_FAILED_DETAIL}`).toBe('Generation Failed - Could not generate lyrics. Please try again or write your own.');
  });
});
