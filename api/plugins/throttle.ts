// Throttling of guessable secrets: failed logins per account and per client address, and
// failed operator-token calls per address and for the one shared token. A key that used up its
// failures is refused with 429 and Retry-After until its window ends, a correct secret included:
// otherwise a lock would only slow a guesser down, not stop one.
//
// The counts live in this process's memory, which fits the single-process embedded stack; they
// reset on restart. Several app instances behind a balancer would each count on their own: they
// need a shared store (e.g. Redis) with the same keys and windows.
//
// @fastify/rate-limit counts requests, not failures, and cannot forgive a success, so it does not fit.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface FailureLimit {
  /** Failures allowed in one window; the next attempt is refused. */
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
/** A person mistyping a password a few times is never held up; a guesser gets 5 tries per 15 min. */
export const LOGIN_PER_ACCOUNT: FailureLimit = { max: 5, windowMs: 15 * MINUTE };
/** More per address: several people behind one NAT may fail at once. */
export const LOGIN_PER_ADDRESS: FailureLimit = { max: 30, windowMs: 15 * MINUTE };
export const OPERATOR_PER_ADDRESS: FailureLimit = { max: 10, windowMs: 15 * MINUTE };
/** The token is shared by all operators: a ceiling on guesses from everywhere together. */
export const OPERATOR_TOKEN: FailureLimit = { max: 50, windowMs: 15 * MINUTE };

// Keys of windows that ended are dropped once the map grows past this, so it cannot grow unbounded.
const SWEEP_ABOVE = 10_000;

/**
 * Failure counts per key in fixed windows that start at a key's first failure. An attempt is
 * counted when it starts (so a burst of parallel requests cannot all slip through before the first
 * one fails) and forgiven when it turns out not to be a failure.
 */
export class FailureThrottle {
  private readonly windows = new Map<string, { failures: number; endsAt: number }>();

  constructor(
    private readonly limit: FailureLimit,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Milliseconds until the key may try again; 0 when it may now. */
  waitMs(key: string): number {
    const window = this.current(key);
    return window && window.failures >= this.limit.max ? window.endsAt - this.now() : 0;
  }

  count(key: string): void {
    const window = this.current(key);
    if (window) window.failures++;
    else {
      if (this.windows.size >= SWEEP_ABOVE) this.sweep();
      this.windows.set(key, { failures: 1, endsAt: this.now() + this.limit.windowMs });
    }
  }

  /** Takes back one counted attempt that did not fail. */
  forgive(key: string): void {
    const window = this.current(key);
    if (window && --window.failures <= 0) this.windows.delete(key);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/** A 429 that says when to come back, in the header and in words. */
export function sendTooMany(reply: FastifyReply, waitMs: number, what: string): FastifyReply {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return reply
    .status(429)
    .header('retry-after', String(seconds))
    .send({ error: `Too many failed ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
}

/** Failed logins, per account (the username, case-insensitive like usernames) and per address. */
export class LoginThrottle {
  private readonly accounts = new FailureThrottle(LOGIN_PER_ACCOUNT);
  private readonly addresses = new FailureThrottle(LOGIN_PER_ADDRESS);

  /** Counts the attempt, or answers 429 and returns false when the account or address is locked. */
  begin(request: FastifyRequest, reply: FastifyReply, username: string): boolean {
    const account = username.toLowerCase();
    const accountWait = this.accounts.waitMs(account);
    const addressWait = this.addresses.waitMs(request.ip);
    if (accountWait > 0 || addressWait > 0) {
      request.log.warn({ username: account, address: request.ip }, 'login refused: too many failures');
      if (accountWait >= addressWait) sendTooMany(reply, accountWait, 'login attempts for this account');
      else sendTooMany(reply, addressWait, 'login attempts from this address');
      return false;
    }
    this.accounts.count(account);
    this.addresses.count(request.ip);
    return true;
  }

  /** A correct password clears the account's failures; the address keeps its other failures. */
  succeeded(request: FastifyRequest, username: string): void {
    this.accounts.reset(username.toLowerCase());
    this.addresses.forgive(request.ip);
  }
}

/**
 * Operator calls (every route under /api/ops/) are counted before they run and forgiven unless
 * an X-Operator-Token was refused (401), so the check sits in hooks rather than in each route.
 * Signed-in operators are checked by their role; their calls are never counted as guesses.
 */
export const operatorThrottle = fp(
  async (app: FastifyInstance) => {
    const addresses = new FailureThrottle(OPERATOR_PER_ADDRESS);
    const token = new FailureThrottle(OPERATOR_TOKEN);
    const TOKEN_KEY = 'ops-token';
    const isOperatorCall = (request: FastifyRequest) => request.url.startsWith('/api/ops/');

    app.addHook('onRequest', async (request, reply) => {
      if (!isOperatorCall(request)) return;
      const addressWait = addresses.waitMs(request.ip);
      const tokenWait = token.waitMs(TOKEN_KEY);
      if (addressWait > 0 || tokenWait > 0) {
        request.log.warn({ address: request.ip }, 'operator call refused: too many failed tokens');
        if (addressWait >= tokenWait) return sendTooMany(reply, addressWait, 'operator calls from this address');
        return sendTooMany(reply, tokenWait, 'operator calls with a wrong token');
      }
      addresses.count(request.ip);
      token.count(TOKEN_KEY);
    });
    app.addHook('onResponse', async (request, reply) => {
      if (!isOperatorCall(request) || reply.statusCode === 429) return;
      // A refused token counts; a signed-out call without one is a 401 too, but guesses nothing.
      if (reply.statusCode === 401 && request.headers['x-operator-token'] !== undefined) {
        request.log.warn({ address: request.ip }, 'operator call with a wrong token');
        return;
      }
      addresses.forgive(request.ip);
      token.forgive(TOKEN_KEY);
    });
  },
  { name: 'operator-throttle' },
);
