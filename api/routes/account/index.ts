// The account settings: change the password (the current one required; the user's other sessions
// end), set an e-mail address through a signed, expiring confirmation link, remove it, and list and
// revoke the user's sessions. Password and address changes are events on the user's stream
// (through the user decider); the pending address and the sessions are operational tables.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMAIL_CONFIRMATION_TTL_HOURS } from '../../../domain/contracts/account';
import { decideUser, evolveUser, initialUserState, type UserCommand } from '../../../domain/identity/user.decider';
import { userStreamId } from '../../../domain/identity/user.events';
import { ForbiddenError, IllegalStateError, NotFoundError, UnauthorizedError, ValidationError } from '../../../domain/shared/errors';
import { PendingEmails } from '../../../infra/account/pending-emails';
import { deviceSummary } from '../../../infra/auth/device-summary';
import { hashPassword, verifyPassword } from '../../../infra/auth/password';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { findConfirmedEmail, findPasswordHash, findUserById, findUserIdByConfirmedEmail } from '../../../projections/users/queries';
import { noBody, PUBLIC } from '../../openapi';
import { clearSessionCookie, requireUserId } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { FailureWindows } from '../../../infra/throttle/failure-windows';
import { FailureThrottle, LOGIN_PER_ACCOUNT, sendTooMany } from '../../plugins/throttle';
import { passwordProblem } from '../auth/password-policy';
import { requestEmailConfirmation } from './email-request';
import {
  accountResponseSchema,
  accountSessionsResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  confirmEmailRequestSchema,
  confirmEmailResponseSchema,
  removeEmailResponseSchema,
  requestEmailRequestSchema,
  requestEmailResponseSchema,
  revokeSessionResponseSchema,
  sessionParams,
} from './schemas';

const HOUR = 60 * 60 * 1000;
const userDecider = { decide: decideUser, evolve: evolveUser, initialState: initialUserState };
/** Confirmation mails a user may ask for in an hour: enough to fix a typo, too few to mail someone else over and over. */
export const CONFIRMATION_MAILS_PER_HOUR = 5;

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, sessions, mailer, emailConfirmations, secureCookies } = app.services;
  const pendingEmails = new PendingEmails(db);
  // Wrong current passwords are throttled like failed logins: a stolen session must not become a password guesser.
  const failureWindows = new FailureWindows(db);
  const passwordFailures = new FailureThrottle(failureWindows, 'password-change:account', LOGIN_PER_ACCOUNT);
  // Every request counts (none is forgiven): each one mails somebody.
  const confirmationMails = new FailureThrottle(failureWindows, 'confirmation-mails:account', { max: CONFIRMATION_MAILS_PER_HOUR, windowMs: HOUR });

  /** Runs a command on the user's stream and waits until the users read model shows it. */
  const runUserCommand = async (userId: string, command: UserCommand, correlationId: string) => {
    const { result } = await handleCommand(eventStore, userStreamId(userId), userDecider, command, { correlationId, actor: `user:${userId}` });
    if (result) await projector.waitFor(result.lastPosition);
  };

  const signedInUser = async (userId: string) => {
    const user = await findUserById(db, userId, app.services.knowledge.termsVersion);
    if (!user) throw new UnauthorizedError('Not signed in');
    return user;
  };

  app.get(
    '/api/account',
    { schema: { summary: 'The signed-in user\'s account settings: the confirmed and pending e-mail address, how mail is sent, and how many sessions are active', tags: ['auth'], response: { 200: accountResponseSchema } } },
    async (request, reply) => {
      const userId = requireUserId(request);
      const user = await signedInUser(userId);
      const [email, pending, active] = await Promise.all([findConfirmedEmail(db, userId), pendingEmails.of(userId), sessions.activeSessions(userId)]);
      void reply.header('Cache-Control', 'no-store');
      return {
        username: user.username,
        email,
        pendingEmail: pending && { email: pending.email, requestedAt: pending.requestedAt.toISOString(), expiresAt: pending.expiresAt.toISOString() },
        mailTransport: mailer.transport,
        activeSessions: active.length,
      };
    },
  );

  app.put(
    '/api/account/password',
    {
      schema: {
        summary: 'Change the password: the current one is required (wrong ones are throttled like logins: 429 with Retry-After); every other session of the user ends',
        tags: ['auth'],
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const wait = await passwordFailures.attempt(userId);
      if (wait > 0) {
        request.log.warn({ userId }, 'password change refused: too many wrong current passwords');
        return sendTooMany(reply, wait, 'password attempts for this account');
      }
      const { currentPassword, newPassword } = request.body;
      const currentHash = await findPasswordHash(db, userId);
      if (!currentHash) throw new UnauthorizedError('Not signed in');
      if (!(await verifyPassword(currentHash, currentPassword))) throw new ForbiddenError('Your current password is not correct');
      await passwordFailures.reset(userId);
      const user = await signedInUser(userId);
      const problem = passwordProblem(user.username, newPassword);
      if (problem) throw new ValidationError(problem);
      if (newPassword === currentPassword) throw new ValidationError('The new password is the same as the current one');
      const passwordHash = await hashPassword(newPassword);
      await runUserCommand(userId, { type: 'ChangePassword', data: { userId, passwordHash, changedAt: new Date().toISOString() } }, request.id);
      const otherSessionsEnded = request.sessionId ? await sessions.revokeOthers(userId, request.sessionId) : 0;
      request.log.info({ userId, otherSessionsEnded }, 'password changed');
      return { changed: true as const, otherSessionsEnded };
    },
  );

  app.post(
    '/api/account/email',
    {
      schema: {
        summary: `Set a new e-mail address: a confirmation link, valid ${EMAIL_CONFIRMATION_TTL_HOURS} hours, is mailed to it (at most ${CONFIRMATION_MAILS_PER_HOUR} an hour: 429 with Retry-After); the address is used once the link is opened`,
        tags: ['auth'],
        body: requestEmailRequestSchema,
        response: { 202: requestEmailResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { email } = request.body;
      const user = await signedInUser(userId);
      if ((await findConfirmedEmail(db, userId))?.toLowerCase() === email.toLowerCase()) throw new IllegalStateError('This is already your confirmed address');
      const wait = await confirmationMails.attempt(userId);
      if (wait > 0) return tooManyMails(reply, wait);
      // Whether another account holds the address is not said here (nor checked): that is refused when the link is opened.
      let pending: Awaited<ReturnType<typeof requestEmailConfirmation>>;
      try {
        pending = await requestEmailConfirmation(app.services, pendingEmails, { userId, username: user.username, email });
      } catch (error) {
        request.log.error({ err: error, userId }, 'the confirmation mail could not be sent');
        throw new HttpError(502, 'The confirmation mail could not be sent. Try again in a few minutes.');
      }
      const { requestedAt, expiresAt } = pending;
      return reply.status(202).send({
        pendingEmail: { email, requestedAt: requestedAt.toISOString(), expiresAt: expiresAt.toISOString() },
        mailTransport: mailer.transport,
      });
    },
  );

  app.post(
    '/api/account/email/confirm',
    {
      schema: {
        summary: 'Confirm an e-mail address with the token of its mailed link (the link\'s page sends it; opening the link alone confirms nothing). 409 when the link expired, was replaced, or the address belongs to another account',
        tags: ['auth'],
        ...PUBLIC,
        body: confirmEmailRequestSchema,
        response: { 200: confirmEmailResponseSchema },
      },
    },
    async (request) => {
      const verified = emailConfirmations.verify(request.body.token);
      if (verified.status === 'invalid') throw new ValidationError('This is not a valid confirmation link: open the link from the mail as it is');
      if (verified.status === 'expired') {
        throw new IllegalStateError(`This confirmation link has expired (links work for ${EMAIL_CONFIRMATION_TTL_HOURS} hours): ask for a new one on the Settings page`);
      }
      const { userId, email } = verified.confirmation;
      if ((await findConfirmedEmail(db, userId))?.toLowerCase() === email.toLowerCase()) return { email };
      const pending = await pendingEmails.of(userId);
      if (pending?.email.toLowerCase() !== email.toLowerCase()) {
        throw new IllegalStateError('This confirmation link was replaced by a newer one or cancelled: use the newest link, or ask for one on the Settings page');
      }
      const holder = await findUserIdByConfirmedEmail(db, email);
      if (holder && holder !== userId) throw new IllegalStateError('This address is already confirmed for another GOOSE account: an address can belong to one account at a time');
      await runUserCommand(userId, { type: 'ConfirmEmail', data: { userId, email, confirmedAt: new Date().toISOString() } }, request.id);
      await pendingEmails.clear(userId);
      request.log.info({ userId }, 'e-mail address confirmed');
      return { email };
    },
  );

  app.delete(
    '/api/account/email',
    {
      schema: {
        summary: 'Remove the e-mail address: the confirmed one (nothing is mailed any more) and any address waiting for confirmation',
        tags: ['auth'],
        body: noBody,
        response: { 200: removeEmailResponseSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const hadPending = await pendingEmails.clear(userId);
      const confirmed = await findConfirmedEmail(db, userId);
      if (confirmed) await runUserCommand(userId, { type: 'RemoveEmail', data: { userId, removedAt: new Date().toISOString() } }, request.id);
      else if (!hadPending) throw new IllegalStateError('There is no e-mail address to remove');
      return { removed: true as const };
    },
  );

  app.get(
    '/api/account/sessions',
    { schema: { summary: 'The signed-in user\'s active sessions: device, sign-in, last use (to the minute), and which is this one', tags: ['auth'], response: { 200: accountSessionsResponseSchema } } },
    async (request, reply) => {
      const userId = requireUserId(request);
      void reply.header('Cache-Control', 'no-store');
      const active = await sessions.activeSessions(userId);
      return {
        sessions: active.map((session) => ({
          id: session.id,
          device: deviceSummary(session.userAgent),
          signedInAt: session.createdAt.toISOString(),
          lastUsedAt: session.lastUsedAt.toISOString(),
          current: session.id === request.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      schema: {
        summary: 'End one of the signed-in user\'s sessions (this one too: then the browser is signed out); another user\'s session answers 404',
        tags: ['auth'],
        params: sessionParams,
        body: noBody,
        response: { 200: revokeSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { id } = request.params;
      if (!(await sessions.revoke(userId, id))) throw new NotFoundError('No such session');
      const current = id === request.sessionId;
      if (current) clearSessionCookie(reply, secureCookies);
      return { revoked: true as const, id, current };
    },
  );
};

/** A 429 for confirmation mails, saying when another may be asked for. */
function tooManyMails(reply: FastifyReply, waitMs: number): FastifyReply {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return reply
    .status(429)
    .header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))))
    .send({ error: `Too many confirmation mails asked for: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
}
