// The Developer tab's calls as the server sees them: creating sends the name, the tier and
// termsAccepted true and reads back the whole key; a refusal reaches the toast in the server's
// words; deleting and the allowlist go to the key's own address; an answer that breaks the
// contract is not taken for a key.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiKey, usage } from '../developer.fixture';
import { KEY_CREATE_FAILED, keyCreateFailedToast, keyDeleteFailedToast, KEY_DELETE_FAILED } from '../labels';
import { createApiKey, deleteApiKey, getApiUsage, updateAllowlist } from './developer';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof answer>) {
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, method: init.method, body: init.body === undefined ? undefined : JSON.parse(String(init.body)), credentials: init.credentials };
}

afterEach(() => vi.unstubAllGlobals());

const fullKey = `gk_0123456789abcdef_${'s'.repeat(43)}`;

describe('developer calls', () => {
  it('creates a key with the terms accepted and reads back the whole key, once', async () => {
    const fetchMock = answer(201, { success: true, apiKey: apiKey({ keyValue: fullKey }), message: 'API Key Created: copy it now, it is shown once' });
    const created = await createApiKey({ keyName: 'Catalogue sync', tier: 'pro', termsAccepted: true });
    expect(created.apiKey.keyValue).toBe(fullKey);
    expect(sent(fetchMock)).toEqual({ url: '/api/developer/keys', method: 'POST', credentials: 'include', body: { keyName: 'Catalogue sync', tier: 'pro', termsAccepted: true } });
  });

  it('carries a refusal to create up to the toast with the server’s words', async () => {
    answer(400, { error: 'Please enter a key name' });
    const failure = await createApiKey({ keyName: '', tier: 'free', termsAccepted: true }).catch((error: unknown) => error);
    expect(keyCreateFailedToast(failure)).toEqual({ severity: 'error', summary: KEY_CREATE_FAILED, detail: 'Please enter a key name' });
    expect(KEY_CREATE_FAILED).toBe('Failed to create API key. Please try again.');
  });

  it('does not take an answer that breaks the contract for a created key', async () => {
    answer(201, { success: true, apiKey: { id: 'k1' }, message: 'ok' });
    await expect(createApiKey({ keyName: 'x', tier: 'free', termsAccepted: true })).rejects.toThrow();
  });

  it('deletes at the key’s address and says why a delete failed', async () => {
    const fetchMock = answer(200, { success: true, message: 'API Key Deleted' });
    await deleteApiKey('key 1');
    expect(sent(fetchMock)).toMatchObject({ url: '/api/developer/keys/key%201', method: 'DELETE', credentials: 'include' });
    answer(404, { error: 'API key not found' });
    const failure = await deleteApiKey('gone').catch((error: unknown) => error);
    expect(keyDeleteFailedToast(failure)).toEqual({ severity: 'error', summary: KEY_DELETE_FAILED, detail: 'API key not found' });
    expect(KEY_DELETE_FAILED).toBe('Failed to delete API key. Please try again.');
  });

  it('saves the allowlist with PATCH and reads the key back', async () => {
    const fetchMock = answer(200, { success: true, apiKey: apiKey({ ipAllowlist: ['203.0.113.7', '198.51.100.0/24'] }) });
    const saved = await updateAllowlist({ keyId: '0123456789abcdef', ipAllowlist: ['203.0.113.7', '198.51.100.0/24'] });
    expect(saved.ipAllowlist).toEqual(['203.0.113.7', '198.51.100.0/24']);
    expect(sent(fetchMock)).toEqual({
      url: '/api/developer/keys/0123456789abcdef',
      method: 'PATCH',
      credentials: 'include',
      body: { ipAllowlist: ['203.0.113.7', '198.51.100.0/24'] },
    });
  });

  it('asks the usage for the 10 calls the tab lists and takes only an answer that fits the contract', async () => {
    const fetchMock = answer(200, usage());
    expect((await getApiUsage()).stats.totalCalls).toBe(40);
    expect(sent(fetchMock)).toMatchObject({ url: '/api/developer/usage?recent=10', credentials: 'include' });
    answer(200, { usage: [], stats: { totalCalls: -1 } });
    await expect(getApiUsage()).rejects.toThrow();
  });
});
