// Password recovery: "Forgot password?" asks for a username or e-mail address and always answers
// the same, whether or not an account matches; an account with a confirmed address is mailed a
// signed link that works once, for 30 minutes (the MAC under a key from data/keys/, the "once" and
// "newest only" on the user's stream, UserPasswordResetRequested / UserPasswordReset). Setting the
// new password applies the sign-up policy and ends every session of the account. Requests are
// throttled per address asked about and per client address, counted whether or not they match.
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PASSWORD_RESET_TTL_MINUTES,
  passwordResetRequestedSchema,
  passwordResetRequestSchema,
  passwordResetResponseSchema,
  passwordResetSchema,
} from '../../../domain/contracts/auth';
import { decideUser, evolveUser, initialUserState, RESET_LINK_EXPIRED, type UserCommand } from '../../../domain/identity/user.decider';
import { userStreamId } from '../../../domain/identity/user.events';
import { DomainError, IllegalStateError, ValidationError } from '../../../domain/shared/errors';
import { hashPassword } from '../../../infra/auth/password';
import { loadPasswordResetTokens } from '../../../infra/auth/password-reset-tokens';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { mailLine, sendLinkMail, type Mailer } from '../../../infra/mail/mailer';
import { findConfirmedEmail, findUserById, findUserByUsername, findUserIdByConfirmedEmail } from '../../../projections/users/queries';
import { PUBLIC } from '../../openapi';
import { clearSessionCookie } from '../../plugins/auth';
import { FailureWindows } from '../../../infra/throttle/failure-windows';
import { attemptAll, FailureThrottle } from '../../plugins/throttle';
import { passwordProblem } from './password-policy';

const MINUTE = 60_000;
/** Reset mails one username or address may cause in an hour: enough for a lost mail, too few to flood an inbox. */
export const RESET_REQUESTS_PER_IDENTIFIER = 3;
/** Requests one client address may make in an hour: a few people behind one NAT, not a scan of names. */
export const RESET_REQUESTS_PER_ADDRESS = 20;
/** Said to every request, known or not. */
export const RESET_REQUESTED_MESSAGE = `If that username or address belongs to a GOOSE account with a confirmed e-mail address, a link to set a new password is on its way there. It works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`;
const INVALID_LINK = 'This is not a valid password reset link: open the link from the mail as it is';

const userDecider = { decide: decideUser, evolve: evolveUser, initialState: initialUserState };

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, sessions, mailer, publicOrigin, secureCookies, storage, knowledge } = app.services;
  const tokens = await loadPasswordResetTokens(storage.root);
  const failureWindows = new FailureWindows(db);
  const perIdentifier = new FailureThrottle(failureWindows, 'password-reset:identifier', { max: RESET_REQUESTS_PER_IDENTIFIER, windowMs: 60 * MINUTE });
  const perAddress = new FailureThrottle(failureWindows, 'password-reset:address', { max: RESET_REQUESTS_PER_ADDRESS, windowMs: 60 * MINUTE });

  const runUserCommand = async (userId: string, command: UserCommand, correlationId: string) => {
    const { result } = await handleCommand(eventStore, userStreamId(userId), userDecider, command, { correlationId, actor: `user:${userId}` });
    if (result) await projector.waitFor(result.lastPosition);
  };

  /** The account a username or a confirmed address names, or null. */
  const accountOf = async (identifier: string): Promise<string | null> =>
    identifier.includes('@') ? findUserIdByConfirmedEmail(db, identifier) : ((await findUserByUsername(db, identifier, knowledge.termsVersion))?.user.id ?? null);

  app.post(
    '/api/auth/password-reset',
    {
      schema: {
        summary: `Forgot password: mails a link to set a new one (valid ${PASSWORD_RESET_TTL_MINUTES} minutes, once) to the confirmed address of the account a username or address names; the same 202 whether or not one matches (throttled per name or address and per client: 429 with Retry-After)`,
        tags: ['auth'],
        ...PUBLIC,
        body: passwordResetRequestSchema,
        response: { 202: passwordResetRequestedSchema },
      },
    },
    async (request, reply) => {
      const identifier = request.body.identifier.toLowerCase();
      const wait = Math.max(
        ...(await attemptAll([
          [perIdentifier, identifier],
          [perAddress, request.ip],
        ])),
      );
      if (wait > 0) {
        request.log.warn({ address: request.ip }, 'password reset refused: too many requests');
        return tooManyResets(reply, wait);
      }

      const userId = await accountOf(identifier);
      const email = userId && (await findConfirmedEmail(db, userId));
      if (userId && email) {
        const resetId = randomUUID();
        const requestedAt = new Date();
        const expiresAt = new Date(requestedAt.getTime() + PASSWORD_RESET_TTL_MINUTES * MINUTE);
        try {
          await runUserCommand(userId, { type: 'RequestPasswordReset', data: { userId, resetId, requestedAt: requestedAt.toISOString(), expiresAt: expiresAt.toISOString() } }, request.id);
          const user = await findUserById(db, userId, knowledge.termsVersion);
          const link = `${publicOrigin()}/reset-password?token=${encodeURIComponent(tokens.sign({ userId, resetId, expiresAt }))}`;
          // Not awaited: an SMTP round trip would make a known account's answer measurably slower than an unknown one's.
          void mailPasswordReset(mailer, { to: email, username: user?.username ?? '', link }).catch((error: unknown) =>
            request.log.error({ err: error, userId, resetId }, 'the password reset mail could not be sent'),
          );
          request.log.info({ userId, resetId }, 'password reset link mailed');
        } catch (error) {
          // A suspended or deleted account gets no link; the answer stays the same.
          if (!(error instanceof DomainError)) throw error;
          request.log.info({ userId, reason: error.message }, 'password reset not offered');
        }
      }
      return reply.status(202).send({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      schema: {
        summary: 'Set a new password with the token of a mailed reset link (the sign-up policy applies); every session of the account ends. 409 when the link expired, was used or was replaced by a newer one',
        tags: ['auth'],
        ...PUBLIC,
        body: passwordResetSchema,
        response: { 200: passwordResetResponseSchema },
      },
    },
    async (request, reply) => {
      const verified = tokens.verify(request.body.token);
      if (verified.status === 'invalid') throw new ValidationError(INVALID_LINK);
      if (verified.status === 'expired') throw new IllegalStateError(RESET_LINK_EXPIRED);
      const { userId, resetId } = verified.link;
      const user = await findUserById(db, userId, knowledge.termsVersion);
      if (!user) throw new ValidationError(INVALID_LINK);
      const problem = passwordProblem(user.username, request.body.newPassword);
      if (problem) throw new ValidationError(problem);
      const passwordHash = await hashPassword(request.body.newPassword);
      await runUserCommand(userId, { type: 'ResetPassword', data: { userId, resetId, passwordHash, resetAt: new Date().toISOString() } }, request.id);
      // Whoever held the old password (or a stolen session) is out: every session ends, this browser's too.
      const sessionsEnded = await sessions.destroyAllOf(userId);
      clearSessionCookie(reply, secureCookies);
      request.log.info({ userId, resetId, sessionsEnded }, 'password reset through a mailed link');
      return { reset: true as const, username: user.username, sessionsEnded };
    },
  );
};

/** A 429 for reset requests, saying when another may be asked for. */
function tooManyResets(reply: FastifyReply, waitMs: number): FastifyReply {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE));
  return reply
    .status(429)
    .header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))))
    .send({ error: `Too many password reset requests: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
}

/** The mail with the reset link. The username is one line of text, escaped in the HTML. */
function mailPasswordReset(mailer: Mailer, mail: { to: string; username: string; link: string }) {
  const username = mailLine(mail.username);
  const ask = `Someone, most likely you, asked to set a new password for the GOOSE account ${username}.`;
  const open = `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose it; the link works once, and every device signed in to the account is signed out:`;
  const unexpected = 'If you did not ask for this, ignore this message: your password stays as it is.';
  return sendLinkMail(mailer, {
    kind: 'password-reset',
    to: mail.to,
    link: mail.link,
    subject: 'Set a new password for GOOSE',
    greeting: `Hello ${username}`,
    ask,
    open,
    closing: [unexpected],
  });
}
