// The one way the web talks HTTP to the API: cookies
// always, JSON in and out, a non-OK answer becomes `${status}: ${text}`. No UI side effects here;
// callers decide what to show.
import type { QueryFunction } from '@tanstack/react-query';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

/** Turns a non-OK answer into an ApiError (`${status}: ${text}`). */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text, response.statusText);
}

async function readJson<T>(response: Response, url: string): Promise<T> {
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`Invalid JSON response from ${url}`);
  }
}

/** Sends a request with the session cookie; `data`, when given, goes as a JSON body. */
export async function apiRequest<T>(method: string, url: string, data?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfNotOk(response);
  return readJson<T>(response, url);
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GETs `url` for a query. A 401 yields null ("returnNull") or an error ("throw"). */
export async function apiGet<T>(url: string, { on401, signal }: { on401: UnauthorizedBehavior; signal?: AbortSignal }): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include', signal });
  if (on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return readJson<T>(response, url);
}

/** The default query function: GET queryKey[0]. */
export function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction {
  return ({ queryKey, signal }) => apiGet<unknown>(String(queryKey[0]), { on401, signal });
}

/**
 * What to show a person for a failed call: the server's `error` field when the answer carries
 * one (`400: {"error":"Title is required"}`), the raw text otherwise, or `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message;
  const text = match[1]?.trim() ?? '';
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string' && parsed.error) {
      return parsed.error;
    }
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
      return parsed.message;
    }
    return fallback;
  } catch {
    return text.startsWith('<') || text === '' ? fallback : text;
  }
}

/** True when the server refused the request (4xx): retrying the same request cannot help. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** A retry policy: one retry after a transport or server failure, none after a refusal (4xx). */
export const retryUnlessRefused = (failureCount: number, error: unknown) => failureCount < 1 && !isClientError(error);
