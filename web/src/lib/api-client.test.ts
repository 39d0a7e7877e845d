// The client's answer handling: JSON in and out, a non-OK answer as "status: text", null on 401 where asked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, ContractError, errorMessage, getParsed, getParsedOrNull, getQueryFn, requestParsed } from './api-client';

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

describe('answers read through their contract', () => {
  const userSchema = z.object({ id: z.string(), tokenBalance: z.number() });

  it('GETs with the session cookie and gives the answer as the contract reads it', async () => {
    const fetchMock = answer(200, '{"id":"u1","tokenBalance":12.5,"extra":"not in the contract"}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(getParsed(userSchema, '/api/user')).resolves.toEqual({ id: 'u1', tokenBalance: 12.5 });
    expect(fetchMock).toHaveBeenCalledWith('/api/user', { credentials: 'include', signal: undefined });
  });

  it('refuses an answer that drifted from the contract, naming the call but not showing the answer', async () => {
    vi.stubGlobal('fetch', answer(200, '{"id":"u1","tokenBalance":"12.5"}'));
    const failure = await getParsed(userSchema, '/api/user?fresh=1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContractError);
    expect((failure as ContractError).cause).toBeInstanceOf(z.ZodError);
    expect(errorMessage(failure, 'Failed')).toBe("The server's answer to GET /api/user is not in the form this page reads");
    // An empty body is not an answer either.
    vi.stubGlobal('fetch', answer(200, ''));
    await expect(getParsed(userSchema, '/api/user')).rejects.toBeInstanceOf(ContractError);
  });

  it('treats a 401 as a refusal in getParsed and as "signed out" (null) in getParsedOrNull, which still checks a 200', async () => {
    vi.stubGlobal('fetch', answer(401, '{"error":"Not signed in"}'));
    await expect(getParsed(userSchema, '/api/user')).rejects.toBeInstanceOf(ApiError);
    await expect(getParsedOrNull(userSchema, '/api/user')).resolves.toBeNull();
    vi.stubGlobal('fetch', answer(200, 'null'));
    await expect(getParsedOrNull(userSchema, '/api/user')).rejects.toBeInstanceOf(ContractError);
    vi.stubGlobal('fetch', answer(503, '', 'Service Unavailable'));
    await expect(getParsedOrNull(userSchema, '/api/user')).rejects.toThrow('503: Service Unavailable');
  });

  it('sends a request and reads its answer through the contract, or says the answer is not in its form', async () => {
    const fetchMock = answer(200, '{"id":"u1","tokenBalance":0}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(requestParsed(userSchema, 'POST', '/api/auth/login', { username: 'a', password: 'b' })).resolves.toEqual({ id: 'u1', tokenBalance: 0 });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"username":"a","password":"b"}' }));
    vi.stubGlobal('fetch', answer(200, '{"id":"u1"}'));
    await expect(requestParsed(userSchema, 'POST', '/api/auth/login', {})).rejects.toThrow("The server's answer to POST /api/auth/login is not in the form this page reads");
    vi.stubGlobal('fetch', answer(409, '{"error":"Username taken"}'));
    await expect(requestParsed(userSchema, 'POST', '/api/auth/signup', {})).rejects.toBeInstanceOf(ApiError);
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
