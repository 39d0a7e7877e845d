// The client's answer handling: JSON in and out, a non-OK answer as "status: text", null on 401 where asked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, getQueryFn } from './api-client';

function answer(status: number, body: string, statusText = '') {
  return vi.fn(async () => new Response(body === '' ? null : body, { status, statusText }));
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends JSON with the session cookie and reads JSON back', async () => {
    const fetchMock = answer(200, '{"user":{"id":"u1"}}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('POST', '/api/auth/login', { username: 'a', password: 'b' })).resolves.toEqual({ user: { id: 'u1' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"a","password":"b"}',
    });
  });

  it('turns a non-OK answer into "status: text", or the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', answer(401, '{"error":"Invalid username or password"}'));
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow('401: {"error":"Invalid username or password"}');
    vi.stubGlobal('fetch', answer(503, '', 'Service Unavailable'));
    await expect(apiRequest('GET', '/api/vault')).rejects.toThrow('503: Service Unavailable');
  });

  it('reports a body that is not JSON', async () => {
    vi.stubGlobal('fetch', answer(200, '<html>'));
    await expect(apiRequest('GET', '/api/vault')).rejects.toThrow('Invalid JSON response from /api/vault');
  });
});

describe('getQueryFn', () => {
  const context = (url: string) => ({ queryKey: [url], signal: new AbortController().signal }) as never;

  it('GETs the first query key element, and yields null on 401 with returnNull', async () => {
    vi.stubGlobal('fetch', answer(401, '{"error":"Not signed in"}'));
    await expect(getQueryFn({ on401: 'returnNull' })(context('/api/auth/me'))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(context('/api/auth/me'))).rejects.toBeInstanceOf(ApiError);
  });
});

describe('errorMessage', () => {
  it('shows the server error field, the raw text, or the fallback', () => {
    expect(errorMessage(new Error('400: {"error":"Title is required"}'), 'Upload failed')).toBe('Title is required');
    expect(errorMessage(new Error('502: Bad Gateway'), 'Upload failed')).toBe('Bad Gateway');
    expect(errorMessage(new Error('500: <html>oops</html>'), 'Upload failed')).toBe('Upload failed');
    expect(errorMessage(new Error('No file selected'), 'Upload failed')).toBe('No file selected');
    expect(errorMessage('not an error', 'Signup failed')).toBe('Signup failed');
  });
});
