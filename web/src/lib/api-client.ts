// The one way the web talks HTTP to the API: cookies
// always, JSON in and out, a non-OK answer becomes `${status}: ${text}`, and an answer is read
// through its zod contract (domain/contracts/, the schemas the API validates its answers with), so
// a server that drifted from the contract fails here instead of half-rendering a screen. No UI side
// effects here; callers decide what to show.
import type { QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';

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

/** An answer that does not match its contract; `cause` holds the zod issues. */
export class ContractError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    cause: z.ZodError,
  ) {
    super(`The server's answer to ${method} ${url.split('?')[0]} is not in the form this page reads`, { cause });
    this.name = 'ContractError';
  }
}

async function readJson(response: Response, url: string): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`Invalid JSON response from ${url}`);
  }
}

/** `answer` as its contract reads it, or a ContractError. */
export function parseAnswer<T>(schema: z.ZodType<T>, answer: unknown, method: string, url: string): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new ContractError(method, url, parsed.error);
  return parsed.data;
}

/**
 * Sends a request with the session cookie; `data`, when given, goes as a JSON body. The answer is
 * unread JSON: callers use requestParsed, which reads it through its contract.
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfNotOk(response);
  return readJson(response, url);
}

/** Sends a request (see apiRequest) and reads the answer through `schema`. */
export async function requestParsed<T>(schema: z.ZodType<T>, method: string, url: string, data?: unknown): Promise<T> {
  return parseAnswer(schema, await apiRequest(method, url, data), method, url);
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GETs `url` for a query. A 401 yields null ("returnNull") or an error ("throw"). The answer is unread JSON. */
export async function apiGet(url: string, { on401, signal }: { on401: UnauthorizedBehavior; signal?: AbortSignal }): Promise<unknown> {
  const response = await fetch(url, { credentials: 'include', signal });
  if (on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return readJson(response, url);
}

/** GETs `url` and reads the answer through `schema`; a 401 is an ApiError like any refusal. */
export async function getParsed<T>(schema: z.ZodType<T>, url: string, { signal }: { signal?: AbortSignal } = {}): Promise<T> {
  return parseAnswer(schema, await apiGet(url, { on401: 'throw', signal }), 'GET', url);
}

/** Like getParsed, for reads a signed-out visitor may make: a 401 yields null. */
export async function getParsedOrNull<T>(schema: z.ZodType<T>, url: string, { signal }: { signal?: AbortSignal } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include', signal });
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return parseAnswer(schema, await readJson(response, url), 'GET', url);
}

/** The default query function: GET queryKey[0]. */
export function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction {
  return ({ queryKey, signal }) => apiGet(String(queryKey[0]), { on401, signal });
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
