// Throttling of guessable secrets: failed logins per account and per client address, and
// failed operator-token calls per address and for the one shared token; and of mails sent on a
// stranger's request. A key that used up its failures is refused with 429 and Retry-After until its
// window ends, a correct secret included: otherwise a lock would only slow a guesser down, not stop one.
//
// The counts live in Postgres (infra/throttle/failure-windows.ts), so every API process counts
// against the same windows and a restart forgets nothing.
//
// @fastify/rate-limit counts requests, not failures, and cannot forgive a success, so it does not fit.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FailureWindows, type FailureKey } from '../../infra/throttle/failure-windows';

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

/**
 * Failure counts per key in fixed windows that start at a key's first failure. An attempt is
 * counted when it starts (so a burst of parallel requests cannot all slip through before the first
 * one fails) and forgiven when it turns out not to be a failure. `scope` names the throttle in the
 * shared table: two throttles with the same scope count together, in every process.
 */
export class FailureThrottle {
  constructor(
    readonly windows: FailureWindows,
    private readonly scope: string,
    private readonly limit: FailureLimit,
  ) {}

  key(key: string): FailureKey {
    return { scope: this.scope, key, ...this.limit };
  }

  /** Counts an attempt of `key` unless it is used up; the milliseconds until it may try again (0: counted). */
  async attempt(key: string): Promise<number> {
    return (await attemptAll([[this, key]]))[0]!;
  }

  async reset(key: string): Promise<void> {
    await this.windows.reset([this.key(key)]);
  }
}

/**
 * Counts one attempt against each (throttle, key), or against none when one of them is used up,
 * in one round trip; the waits in order (all 0: counted). The throttles share one database.
 */
export async function attemptAll(keys: ReadonlyArray<readonly [FailureThrottle, string]>): Promise<number[]> {
  const [first] = keys[0]!;
  return first.windows.attempt(
    keys.map(([throttle, key]) => throttle.key(key)),
    new Date(),
  );
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

/**
 * Failed logins, per account (the username, case-insensitive like usernames) and per address.
 * `scope` keeps the counts of one password check apart from another's (sign-in, account deletion).
 */
export class LoginThrottle {
  private readonly accounts: FailureThrottle;
  private readonly addresses: FailureThrottle;

  constructor(
    private readonly windows: FailureWindows,
    scope: string,
  ) {
    this.accounts = new FailureThrottle(windows, `${scope}:account`, LOGIN_PER_ACCOUNT);
    this.addresses = new FailureThrottle(windows, `${scope}:address`, LOGIN_PER_ADDRESS);
  }

  /** Counts the attempt, or answers 429 and returns false when the account or address is locked. */
  async begin(request: FastifyRequest, reply: FastifyReply, username: string): Promise<boolean> {
    const account = username.toLowerCase();
    const [accountWait = 0, addressWait = 0] = await attemptAll([
      [this.accounts, account],
      [this.addresses, request.ip],
    ]);
    if (accountWait > 0 || addressWait > 0) {
      request.log.warn({ username: account, address: request.ip }, 'login refused: too many failures');
      if (accountWait >= addressWait) sendTooMany(reply, accountWait, 'login attempts for this account');
      else sendTooMany(reply, addressWait, 'login attempts from this address');
      return false;
    }
    return true;
  }

  /** A correct password clears the account's failures; the address keeps its other failures. */
  async succeeded(request: FastifyRequest, username: string): Promise<void> {
    await this.windows.settle({ reset: [this.accounts.key(username.toLowerCase())], forgive: [this.addresses.key(request.ip)] }, new Date());
  }
}

/**
 * Operator calls (every route under /api/ops/) are counted before they run and forgiven unless
 * an X-Operator-Token was refused (401), so the check sits in hooks rather than in each route.
 * The forgiving is done before the answer leaves (onSend), so an operator's next call finds it done.
 * Signed-in operators are checked by their role; their calls are never counted as guesses.
 */
export const operatorThrottle = fp(
  async (app: FastifyInstance) => {
    const windows = new FailureWindows(app.services.db);
    const addresses = new FailureThrottle(windows, 'operator:address', OPERATOR_PER_ADDRESS);
    const token = new FailureThrottle(windows, 'operator:token', OPERATOR_TOKEN);
    const TOKEN_KEY = 'ops-token';
    const isOperatorCall = (request: FastifyRequest) => request.url.startsWith('/api/ops/');

    app.addHook('onRequest', async (request, reply) => {
      if (!isOperatorCall(request)) return;
      const [addressWait = 0, tokenWait = 0] = await attemptAll([
        [addresses, request.ip],
        [token, TOKEN_KEY],
      ]);
      if (addressWait > 0 || tokenWait > 0) {
        request.log.warn({ address: request.ip }, 'operator call refused: too many failed tokens');
        if (addressWait >= tokenWait) return sendTooMany(reply, addressWait, 'operator calls from this address');
        return sendTooMany(reply, tokenWait, 'operator calls with a wrong token');
      }
    });
    app.addHook('onSend', async (request, reply) => {
      if (!isOperatorCall(request) || reply.statusCode === 429) return;
      // A refused token counts; a signed-out call without one is a 401 too, but guesses nothing.
      if (reply.statusCode === 401 && request.headers['x-operator-token'] !== undefined) {
        request.log.warn({ address: request.ip }, 'operator call with a wrong token');
        return;
      }
      await windows.forgive([addresses.key(request.ip), token.key(TOKEN_KEY)], new Date());
    });
  },
  { name: 'operator-throttle' },
);
