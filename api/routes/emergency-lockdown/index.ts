// The emergency lockdown, an operator action and nothing else (docs/ip-protection.md): POST
// /api/emergency-lockdown ends one session of an account or suspends the whole account, with a
// reason, recorded on the user's stream (UserSessionRevoked / UserSuspended); POST
// /api/emergency-lockdown/:id/reinstate lifts a suspension (UserReinstated); GET
// /api/ops/suspended-accounts lists the suspended accounts. No GET opens a lockdown: the old spec's
// page address that triggered one is gone, and a GET on /api/emergency-lockdown answers 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideUser, evolveUser, initialUserState, type UserCommand, type UserState } from '../../../domain/identity/user.decider';
import { userStreamId } from '../../../domain/identity/user.events';
import { IllegalStateError, NotFoundError } from '../../../domain/shared/errors';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { userIdOfUsername } from '../../../infra/identity/role-grants';
import { listSuspendedUsers } from '../../../projections/users/queries';
import { requireOperator } from '../../plugins/auth';
import { idParams } from '../shared-schemas';
import { lockdownRequestSchema, lockdownResponseSchema, reinstateRequestSchema, reinstateResponseSchema, suspendedAccountsResponseSchema } from './schemas';

const userDecider = { decide: decideUser, evolve: evolveUser, initialState: initialUserState };
const security: Array<Record<string, string[]>> = [{ session: [] }, { operatorToken: [] }];
const OPERATOR = { tags: ['operations'], security };

/** The suspension in force as the operations page shows it. */
function suspensionView(state: Extract<UserState, { status: 'registered' }>) {
  const { suspension } = state;
  return suspension && { userId: state.userId, username: state.username, reason: suspension.reason, suspendedBy: suspension.decidedBy, suspendedAt: suspension.suspendedAt };
}

function registered(state: UserState): Extract<UserState, { status: 'registered' }> {
  if (state.status !== 'registered') throw new NotFoundError('No such user');
  return state;
}

export const emergencyLockdownRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, sessions } = app.services;

  const decide = async (userId: string, command: UserCommand, operator: string, correlationId: string) => {
    const outcome = await handleCommand(eventStore, userStreamId(userId), userDecider, command, { correlationId, actor: `operator:${operator}` });
    // Sign-in and API keys read the suspension from the users read model: wait until it shows it.
    if (outcome.result) await projector.waitFor(outcome.result.lastPosition);
    return registered(outcome.state);
  };

  app.post(
    '/api/emergency-lockdown',
    {
      schema: {
        summary: 'Operators: end one session of an account (sessionId) or suspend the whole account, with a reason; a suspended account signs in no more and its sessions and API keys stop at once',
        ...OPERATOR,
        body: lockdownRequestSchema,
        response: { 200: lockdownResponseSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(request);
      const { username, sessionId, reason } = request.body;
      const userId = await userIdOfUsername(eventStore, username);
      if (userId === request.userId) throw new IllegalStateError('You cannot lock down your own account: ask another operator');
      const decidedBy = `operator:${operator}`;
      const at = new Date().toISOString();
      if (sessionId) {
        const active = await sessions.activeSessions(userId);
        if (!active.some((session) => session.id === sessionId)) throw new NotFoundError(`${username} has no such session`);
        const state = await decide(userId, { type: 'RevokeUserSession', data: { userId, sessionId, reason, decidedBy, revokedAt: at } }, operator, request.id);
        const ended = (await sessions.revoke(userId, sessionId)) ? 1 : 0;
        request.log.info({ operator, userId, sessionId }, 'session ended by an operator');
        return { userId, username: state.username, scope: 'session' as const, sessionsEnded: ended, suspension: suspensionView(state) };
      }
      const state = await decide(userId, { type: 'SuspendUser', data: { userId, reason, decidedBy, suspendedAt: at } }, operator, request.id);
      // After the read model shows the suspension no sign-in succeeds, so no session outlives this.
      const ended = await sessions.destroyAllOf(userId);
      request.log.info({ operator, userId, sessionsEnded: ended }, 'account suspended by an operator');
      return { userId, username: state.username, scope: 'account' as const, sessionsEnded: ended, suspension: suspensionView(state) };
    },
  );

  app.post(
    '/api/emergency-lockdown/:id/reinstate',
    {
      schema: {
        summary: 'Operators: reinstate a suspended account (by user id), with a reason; it may sign in again',
        ...OPERATOR,
        params: idParams,
        body: reinstateRequestSchema,
        response: { 200: reinstateResponseSchema },
      },
    },
    async (request) => {
      const operator = await requireOperator(request);
      const userId = request.params.id;
      const state = await decide(userId, { type: 'ReinstateUser', data: { userId, reason: request.body.reason, decidedBy: `operator:${operator}`, reinstatedAt: new Date().toISOString() } }, operator, request.id);
      request.log.info({ operator, userId }, 'account reinstated by an operator');
      return { userId, username: state.username, reinstated: true as const };
    },
  );

  app.get(
    '/api/ops/suspended-accounts',
    { schema: { summary: 'Operators: the accounts suspended by an emergency lockdown, the most recent first', ...OPERATOR, response: { 200: suspendedAccountsResponseSchema } } },
    async (request) => {
      await requireOperator(request);
      return { accounts: await listSuspendedUsers(db) };
    },
  );
};

