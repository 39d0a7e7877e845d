// Dispute calls as the server sees them: filing sends the contract's request and reads the case and
// its automatic actions back; evidence goes as multipart with its text fields and the file; each
// action posts to its own address; the history asks for the case up to an event; a refusal reaches
// the screen in the server's words; an answer that breaks the contract is not shown as a case.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../lib/api-client';
import { dispute } from '../dispute.fixture';
import { actOnDispute, addEvidence, fileDispute, historyUrl, searchRegisteredWorks } from './disputes';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof answer>) {
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, method: init.method, body: init.body, credentials: init.credentials };
}

afterEach(() => vi.unstubAllGlobals());

describe('dispute calls', () => {
  it('files with the request and reads back the case and what was done automatically', async () => {
    const autoActions = [
      { action: 'case_opened', detail: 'Case dsp-1 opened' },
      { action: 'payouts_frozen', detail: 'Royalty payouts of Midnight Rain frozen' },
    ];
    const fetchMock = answer(200, { disputeId: 'dsp-1', autoActions, dispute: dispute() });
    const filed = await fileDispute({ workId: 'track-1', disputeType: 'ownership_claim', subject: 'Mine', description: 'I wrote it', claimedRights: ['reproduction'] });
    expect(filed.autoActions).toEqual(autoActions);
    const request = sent(fetchMock);
    expect(request).toMatchObject({ url: '/api/disputes/file', method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(request.body))).toEqual({ workId: 'track-1', disputeType: 'ownership_claim', subject: 'Mine', description: 'I wrote it', claimedRights: ['reproduction'] });
  });

  it('carries a refusal to file up with the server’s words', async () => {
    answer(403, { error: 'You cannot file a dispute against your own work' });
    const failure = await fileDispute({ workId: 'track-1', disputeType: 'ownership_claim', subject: 'x', description: 'y' }).catch((error: unknown) => error);
    expect(errorMessage(failure, 'Unknown error')).toBe('You cannot file a dispute against your own work');
  });

  it('does not take an answer that breaks the contract for a case', async () => {
    answer(200, { disputeId: 'dsp-1', autoActions: [], dispute: { id: 'dsp-1' } });
    await expect(fileDispute({ workId: 'track-1', disputeType: 'ownership_claim', subject: 'x', description: 'y' })).rejects.toThrow();
  });

  it('sends evidence as multipart: type, description and the file', async () => {
    const fetchMock = answer(200, { dispute: dispute() });
    const file = new File(['%PDF-1.7'], 'score.pdf', { type: 'application/pdf' });
    await addEvidence({ disputeId: 'dsp 1', file, type: 'document', description: ' The score ' });
    const request = sent(fetchMock);
    expect(request).toMatchObject({ url: '/api/disputes/dsp%201/evidence', method: 'POST', credentials: 'include' });
    const form = request.body as FormData;
    expect(form.get('type')).toBe('document');
    expect(form.get('description')).toBe('The score');
    expect((form.get('file') as File).name).toBe('score.pdf');
  });

  it('sends a note without a file and without an empty description', async () => {
    const fetchMock = answer(200, { dispute: dispute() });
    await addEvidence({ disputeId: 'dsp-1', file: null, type: 'other', description: '  ' });
    const form = sent(fetchMock).body as FormData;
    expect([...form.keys()]).toEqual(['type']);
  });

  it('posts each action to its address with its body, and reads the case back', async () => {
    const fetchMock = answer(200, { dispute: dispute({ status: 'resolved' }) });
    const resolved = await actOnDispute({ disputeId: 'dsp-1', request: { action: 'resolve', body: { outcome: 'upheld', details: 'Copied', compensationCents: 2550 } } });
    expect(resolved.status).toBe('resolved');
    const request = sent(fetchMock);
    expect(request).toMatchObject({ url: '/api/disputes/dsp-1/resolve', method: 'POST' });
    expect(JSON.parse(String(request.body))).toEqual({ outcome: 'upheld', details: 'Copied', compensationCents: 2550 });
  });

  it('carries a refused action up with the server’s words', async () => {
    answer(403, { error: 'This needs the reviewer role' });
    const failure = await actOnDispute({ disputeId: 'dsp-1', request: { action: 'assign', body: {} } }).catch((error: unknown) => error);
    expect(errorMessage(failure, 'Unknown error')).toBe('This needs the reviewer role');
  });

  it('asks for the history up to an event, or all of it', () => {
    expect(historyUrl('dsp-1', 3)).toBe('/api/disputes/dsp-1/history?upTo=3');
    expect(historyUrl('dsp-1', 0)).toBe('/api/disputes/dsp-1/history?upTo=0');
    expect(historyUrl('dsp-1', null)).toBe('/api/disputes/dsp-1/history');
  });

  it('searches the registry for the picker', async () => {
    const fetchMock = answer(200, { works: [], total: 0, facets: { contentTypes: {}, verificationLevels: {}, genres: {} } });
    await expect(searchRegisteredWorks(' rain ')).resolves.toEqual([]);
    expect(sent(fetchMock).url).toBe('/api/works/search?query=rain&limit=10');
  });
});
