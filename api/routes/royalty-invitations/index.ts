// A royalty receiver's invitation, reached through the signed link mailed to them
// (/royalty-invitation/<token> in the web): anyone holding the link may see it and decline it; to
// accept, they sign in (or sign up), and the account that accepts is the one paid in tokens. A link
// that was altered, or whose receiver was removed, is not found.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitationResponseSchema, declineInvitationResponseSchema, invitationSchema, type Invitation } from '../../../domain/contracts/royalties';
import { NotFoundError } from '../../../domain/shared/errors';
import type { InvitationSubject } from '../../../infra/royalties/invitation-tokens';
import { findInvitation } from '../../../projections/receivers/queries';
import { noBody, PUBLIC } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { runReceiversCommand } from '../royalty-receivers';
import { invitationParamsSchema } from '../royalty-receivers/schemas';

const NOT_VALID = 'This invitation link is not valid, or the invitation was withdrawn';

export const royaltyInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, invitationTokens } = app.services;
  const open = async (token: string): Promise<{ subject: InvitationSubject; invitation: Invitation }> => {
    const subject = invitationTokens.verify(token);
    const invitation = subject ? await findInvitation(db, subject.contentId, subject.receiverId) : null;
    if (!subject || !invitation) throw new NotFoundError(NOT_VALID);
    return { subject, invitation };
  };

  app.get(
    '/api/royalty-invitations/:token',
    { schema: { summary: 'The invitation a signed link names: who invites, for which content, at what share, and its state', tags: ['receivers'], ...PUBLIC, params: invitationParamsSchema, response: { 200: z.object({ invitation: invitationSchema }) } } },
    async (request) => ({ invitation: (await open(request.params.token)).invitation }),
  );

  app.post(
    '/api/royalty-invitations/:token/accept',
    { schema: { summary: 'Accept an invitation as the signed-in user, who is then paid the share in tokens', tags: ['receivers'], params: invitationParamsSchema, body: noBody, response: { 200: acceptInvitationResponseSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      const { subject } = await open(request.params.token);
      await runReceiversCommand(eventStore, projector, subject.contentId, { type: 'AcceptInvitation', data: { receiverId: subject.receiverId, userId, at: new Date().toISOString() } }, { correlationId: request.id, actor: `user:${userId}` });
      const { invitation } = await open(request.params.token);
      request.log.info({ contentId: subject.contentId, receiverId: subject.receiverId, userId }, 'royalty invitation accepted');
      return { success: true as const, invitation, message: `You now receive ${invitation.royaltyPercentage}% of the royalties of "${invitation.contentTitle}"` };
    },
  );

  app.post(
    '/api/royalty-invitations/:token/decline',
    { schema: { summary: 'Decline an invitation (no account needed): nothing is paid to this receiver', tags: ['receivers'], ...PUBLIC, params: invitationParamsSchema, body: noBody, response: { 200: declineInvitationResponseSchema } } },
    async (request) => {
      const { subject } = await open(request.params.token);
      const actor = request.userId ? `user:${request.userId}` : 'invitation-link';
      await runReceiversCommand(eventStore, projector, subject.contentId, { type: 'DeclineInvitation', data: { receiverId: subject.receiverId, userId: request.userId, at: new Date().toISOString() } }, { correlationId: request.id, actor });
      const { invitation } = await open(request.params.token);
      request.log.info({ contentId: subject.contentId, receiverId: subject.receiverId }, 'royalty invitation declined');
      return { success: true as const, invitation, message: `You declined the invitation to share the royalties of "${invitation.contentTitle}"` };
    },
  );
};
