// Delete my account: what blocks it now (GET), and the deletion itself (POST, with the password
// and the username typed as confirmation), run by the account-deletion workflow. The rules are
// domain/account-data/deletion-rules.ts; what deletion removes and keeps is docs/account-data.md.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletionBlockers, type DeletionBlocker } from '../../../domain/account-data/deletion-rules';
import { ForbiddenError, IllegalStateError, UnauthorizedError, ValidationError } from '../../../domain/shared/errors';
import { deletionFacts } from '../../../infra/account-data/owned-records';
import { verifyPassword } from '../../../infra/auth/password';
import { parsePosition } from '../../../infra/eventstore/event-store';
import { findUserById, findUserByUsername } from '../../../projections/users/queries';
import { HttpError } from '../../plugins/error-handler';
import { clearSessionCookie, requireUserId } from '../../plugins/auth';
import { FailureWindows } from '../../../infra/throttle/failure-windows';
import { LoginThrottle } from '../../plugins/throttle';
import { deleteAccountRequestSchema, deleteAccountResponseSchema, deletionStatusSchema } from './schemas';

export const DELETION_NEEDS_WORKFLOWS = 'Account deletion is run by the workflow service, which is not running on this server';
export const WRONG_PASSWORD = 'That is not your password';

/** The 409's words: every blocker, so the user learns all that stands in the way at once. */
export function blockedMessage(blockers: readonly DeletionBlocker[]): string {
  return `Your account cannot be deleted yet. ${blockers.map((blocker) => blocker.reason).join(' ')}`;
}

export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, projector, sessions, secureCookies, accountDeletions } = app.services;
  // The password is asked of someone already signed in: a stolen session must not be a way to guess it.
  const passwordThrottle = new LoginThrottle(new FailureWindows(db), 'account-deletion');

  const signedInUser = async (userId: string) => {
    const user = await findUserById(db, userId, app.services.knowledge.termsVersion);
    if (!user) throw new UnauthorizedError('Not signed in');
    return user;
  };

  app.get(
    '/api/account/deletion',
    { schema: { summary: 'Whether your account can be deleted now, and what blocks it', tags: ['auth'], response: { 200: deletionStatusSchema } } },
    async (request, reply) => {
      const user = await signedInUser(requireUserId(request));
      const blockers = deletionBlockers(await deletionFacts(db, user.id));
      void reply.header('Cache-Control', 'no-store');
      return { canDelete: blockers.length === 0, blockers, username: user.username };
    },
  );

  app.post(
    '/api/account/deletion',
    {
      schema: {
        summary: 'Delete your account (password and your username typed as confirmation); 409 with the reasons while something blocks it',
        tags: ['auth'],
        body: deleteAccountRequestSchema,
        response: { 200: deleteAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const user = await signedInUser(userId);
      if (request.body.confirmation !== user.username) throw new ValidationError(`Type your username, ${user.username}, exactly to confirm`);
      if (!(await passwordThrottle.begin(request, reply, user.username))) return reply;
      const withSecret = await findUserByUsername(db, user.username, app.services.knowledge.termsVersion);
      if (!withSecret || !(await verifyPassword(withSecret.passwordHash, request.body.password))) throw new ForbiddenError(WRONG_PASSWORD);
      await passwordThrottle.succeeded(request, user.username);
      const blockers = deletionBlockers(await deletionFacts(db, userId));
      if (blockers.length > 0) throw new IllegalStateError(blockedMessage(blockers));
      if (!accountDeletions) throw new HttpError(503, DELETION_NEEDS_WORKFLOWS);
      const outcome = await accountDeletions.delete({ userId, correlationId: request.id, actor: `user:${userId}` });
      if (outcome.kind === 'refused') throw new IllegalStateError(blockedMessage(outcome.blockers));
      if (outcome.position) await projector.waitFor(parsePosition(outcome.position));
      // The workflow deleted the session rows; this also forgets the ones this process remembers.
      await sessions.destroyAllOf(userId);
      clearSessionCookie(reply, secureCookies);
      request.log.info({ userId, apiKeysRevoked: outcome.apiKeysRevoked, offersWithdrawn: outcome.offersWithdrawn }, 'account deleted');
      return { deleted: true as const, message: 'Your account was deleted and you were signed out everywhere.' };
    },
  );
};
