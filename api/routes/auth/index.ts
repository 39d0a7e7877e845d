// Signup, login, logout and the current user. Signup is a decider + append on
// the user's stream; a username claim stream makes usernames unique through the store itself.
// A sign-up from the web's form also records the terms' version the user accepted, and an e-mail
// address given is mailed its confirmation link as from Settings. Password recovery is
// password-reset.ts, registered here.
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authResponseSchema, credentialsSchema, logoutResponseSchema, signupResponseSchema, signupSchema, userSchema, type User } from '../../../domain/contracts/auth';
import { decideUser, evolveUser, initialUserState } from '../../../domain/identity/user.decider';
import { UsernameClaimed, userStreamId, usernameStreamId } from '../../../domain/identity/user.events';
import { ConcurrencyError, ForbiddenError, IllegalStateError, UnauthorizedError, ValidationError } from '../../../domain/shared/errors';
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from '../../../infra/auth/password';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { PendingEmails } from '../../../infra/account/pending-emails';
import { openTokenAccount } from '../../../infra/tokens/open-accounts';
import { openUserWallets } from '../../../infra/wallets/open-wallets';
import type { EventStore } from '../../../infra/eventstore/event-store';
import { ACCOUNT_SUSPENDED, findUserById, findUserByUsername, isSuspendedUser } from '../../../projections/users/queries';
import { myRolesResponseSchema } from '../../../domain/contracts/roles';
import { clearSessionCookie, requireRole, requireUserId, SESSION_COOKIE, setSessionCookie } from '../../plugins/auth';
import { FailureWindows } from '../../../infra/throttle/failure-windows';
import { FailureThrottle, LoginThrottle } from '../../plugins/throttle';
import type { Services } from '../../plugins/services';
import { noBody, PUBLIC } from '../../openapi';
import { requestEmailConfirmation } from '../account/email-request';
import { passwordProblem } from './password-policy';
import { passwordResetRoutes } from './password-reset';

const userDecider = { decide: decideUser, evolve: evolveUser, initialState: initialUserState };
/** Sign-ups with an e-mail address one client address may make in an hour: each mails somebody, so sign-up must not become a way to mail strangers. */
export const SIGNUP_MAILS_PER_ADDRESS = 10;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const { db, sessions, secureCookies, knowledge, mailer } = deps;
  const failureWindows = new FailureWindows(db);
  const loginThrottle = new LoginThrottle(failureWindows, 'login');
  const pendingEmails = new PendingEmails(db);
  const signupMails = new FailureThrottle(failureWindows, 'signup-mails:address', { max: SIGNUP_MAILS_PER_ADDRESS, windowMs: 60 * 60_000 });
  await app.register(passwordResetRoutes);

  app.post(
    '/api/auth/signup',
    {
      schema: {
        summary: `Create an account (its token account with the welcome bonus and its wallets) and sign in; acceptedTermsVersion (optional) records the acceptance of the current Terms of Service; email (optional) is mailed a confirmation link (at most ${SIGNUP_MAILS_PER_ADDRESS} such sign-ups an hour per client: 429 with Retry-After)`,
        tags: ['auth'],
        ...PUBLIC,
        body: signupSchema,
        response: { 201: signupResponseSchema },
      },
    },
    async (request, reply) => {
      const { username, password, acceptedTermsVersion, email } = request.body;
      const problem = passwordProblem(username, password);
      if (problem) throw new ValidationError(problem);
      if (acceptedTermsVersion !== undefined && acceptedTermsVersion !== knowledge.termsVersion) {
        throw new ValidationError(`The current Terms of Service are version ${knowledge.termsVersion}; accept that version`);
      }
      if (email) {
        const wait = await signupMails.attempt(request.ip);
        if (wait > 0) return tooManySignupMails(reply, wait);
      }
      const userId = randomUUID();
      const passwordHash = await hashPassword(password);
      const acceptedTerms = acceptedTermsVersion !== undefined ? { version: acceptedTermsVersion, acceptedAt: new Date().toISOString() } : undefined;
      const user = await registerAccount(deps, { userId, username, passwordHash, acceptedTerms }, { correlationId: request.id, actor: `user:${userId}` });
      const session = await sessions.create(userId, new Date(), request.headers['user-agent'] ?? null);
      setSessionCookie(reply, session.token, secureCookies);
      request.log.info({ userId }, 'user signed up');
      if (!email) return reply.status(201).send({ user, emailConfirmation: null });
      // The account stands even when the mail fails: the answer says so, and Settings can send another.
      const sent = await requestEmailConfirmation(deps, pendingEmails, { userId, username: user.username, email }).then(
        () => true,
        (error: unknown) => {
          request.log.error({ err: error, userId }, 'the confirmation mail of a sign-up could not be sent');
          return false;
        },
      );
      return reply.status(201).send({ user, emailConfirmation: { email, sent, mailTransport: mailer.transport } });
    },
  );

  app.post('/api/auth/login', { schema: { summary: 'Sign in (throttled per account and per address: 429 with Retry-After; 403 for an account an operator suspended)', tags: ['auth'], ...PUBLIC, body: credentialsSchema, response: { 200: authResponseSchema } } }, async (request, reply) => {
    const { username, password } = request.body;
    if (!(await loginThrottle.begin(request, reply, username))) return reply;
    const found = await findUserByUsername(db, username, knowledge.termsVersion);
    const valid = await verifyPassword(found?.passwordHash ?? (await UNKNOWN_USER_HASH), password);
    if (!found || !valid) throw new UnauthorizedError('Invalid username or password');
    await loginThrottle.succeeded(request, username);
    // Said only after the right password, so a guesser learns nothing of the account.
    if (await isSuspendedUser(db, found.user.id)) throw new ForbiddenError(ACCOUNT_SUSPENDED);
    const session = await sessions.create(found.user.id, new Date(), request.headers['user-agent'] ?? null);
    setSessionCookie(reply, session.token, secureCookies);
    return { user: found.user };
  });

  app.post('/api/auth/logout', { schema: { summary: 'Sign out: the session is revoked', tags: ['auth'], body: noBody, response: { 200: logoutResponseSchema } } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await sessions.destroy(token);
    clearSessionCookie(reply, secureCookies);
    return { ok: true as const };
  });

  const currentUser = async (request: Parameters<typeof requireUserId>[0]) => {
    const user = await findUserById(db, requireUserId(request), knowledge.termsVersion);
    if (!user) throw new UnauthorizedError('Not signed in');
    return user;
  };
  // The user carries the token balance, which no browser or proxy may keep.
  app.get('/api/auth/me', { schema: { summary: 'The signed-in user', tags: ['auth'], response: { 200: userSchema } } }, (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return currentUser(request);
  });
  app.get('/api/user', { schema: { summary: 'The signed-in user (the web app\'s name for /api/auth/me)', tags: ['auth'], response: { 200: userSchema } } }, (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return currentUser(request);
  });
  app.get(
    '/api/auth/roles',
    { schema: { summary: 'The signed-in user\'s roles (creator always; reviewer, auditor, operator, support, rights_holder when granted)', tags: ['auth'], response: { 200: myRolesResponseSchema } } },
    async (request) => ({ roles: (await requireRole(request, 'creator')).roles }),
  );
};

/** A 429 for sign-ups with an address, saying when to come back and how to sign up meanwhile. */
function tooManySignupMails(reply: FastifyReply, waitMs: number): FastifyReply {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return reply
    .status(429)
    .header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))))
    .send({ error: `Too many sign-ups with an e-mail address from this network: try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or sign up without one and add it in Settings.` });
}

/**
 * Registers a new account: the username claim, the user's stream, the token account with the
 * welcome bonus and the user's wallets; answers the user once the read models show them, so the
 * first screen has the balance and the addresses. Every way of signing up goes here.
 * A taken username is an IllegalStateError.
 */
export async function registerAccount(
  { db, eventStore, projector, tokenLedger, knowledge, wallets }: Pick<Services, 'db' | 'eventStore' | 'projector' | 'tokenLedger' | 'knowledge' | 'wallets'>,
  data: { userId: string; username: string; passwordHash: string; acceptedTerms?: { version: number; acceptedAt: string } },
  context: { correlationId: string; actor: string },
): Promise<User> {
  const { userId, username } = data;
  await claimUsername(eventStore, username, userId, context);
  const { result } = await handleCommand(eventStore, userStreamId(userId), userDecider, { type: 'RegisterUser', data }, context);
  if (result) await projector.waitFor(result.lastPosition);
  const opened = await openTokenAccount(tokenLedger, userId, context);
  if (opened.result) await projector.waitFor(opened.result.lastPosition);
  await projector.waitFor((await openUserWallets(eventStore, wallets.keyBox, userId, context)).position);
  const user = await findUserById(db, userId, knowledge.termsVersion);
  if (!user) throw new Error(`User ${userId} was registered but is not in the read model`);
  return user;
}

/**
 * Claims a username for a new user. A claim whose user never got registered (the process died
 * between the two appends) is taken over instead of blocking the name forever.
 */
async function claimUsername(
  eventStore: EventStore,
  username: string,
  userId: string,
  context: { correlationId: string; actor: string },
): Promise<void> {
  const streamId = usernameStreamId(username);
  const claim = (expected: number | 'no_stream') =>
    eventStore.append(
      streamId,
      [
        {
          eventId: randomUUID(),
          ...UsernameClaimed.create({ username, userId }),
          metadata: { ...context, causationId: null, workflowId: null, occurredAt: new Date().toISOString() },
        },
      ],
      expected,
    );
  try {
    await claim('no_stream');
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
    const claims = await eventStore.readStream(streamId);
    const holder = (claims.at(-1)?.data as { userId: string } | undefined)?.userId;
    if (holder && (await eventStore.readStream(userStreamId(holder))).length > 0) {
      throw new IllegalStateError('Username is already taken');
    }
    await claim(claims.length).catch((retryError: unknown) => {
      if (retryError instanceof ConcurrencyError) throw new IllegalStateError('Username is already taken');
      throw retryError;
    });
  }
}
