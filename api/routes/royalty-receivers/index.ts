// The royalty receivers routes: the owner of a registered content item
// lists, adds and removes the people who share its royalties. Each added receiver is mailed an
// invitation with a signed link to accept or decline (api/routes/royalty-invitations); payouts to a
// receiver wait until they accept. Only the content's owner sees or changes its receivers: for anyone
// else the content and its receivers do not exist.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addReceiverRequestSchema,
  addReceiverResponseSchema,
  receiverListQuerySchema,
  receiverListSchema,
  removeReceiverResponseSchema,
} from '../../../domain/contracts/royalties';
import { royaltyReceiversDecider, type RoyaltyReceiversCommand } from '../../../domain/royalties/royalty-receivers.decider';
import { royaltyReceiversStreamId } from '../../../domain/royalties/royalty-receivers.events';
import { ConcurrencyError, NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import type { EventStore } from '../../../infra/eventstore/event-store';
import { escapeHtml, mailLine, type Mailer } from '../../../infra/mail/mailer';
import type { ReadModelFeed } from '../../../projections/read-model-feed';
import { findReceiver, listOwnerReceivers, toReceiver } from '../../../projections/receivers/queries';
import { findUserById } from '../../../projections/users/queries';
import { findOwnedTrack, toVaultItem } from '../../../projections/vault/queries';
import { requireUserId } from '../../plugins/auth';
import { idParams } from '../shared-schemas';

export const REGISTRATION_REQUIRED = 'Copyright Registration Required: register this content on the XRP Ledger before adding royalty receivers';
const CONTENT_NOT_FOUND = 'Content not found';
const RECEIVER_NOT_FOUND = 'Receiver not found';

/** Runs a command on a content item's receivers and waits until the read model shows it; a concurrent writer is retried. */
export async function runReceiversCommand(
  eventStore: EventStore,
  projector: ReadModelFeed,
  contentId: string,
  command: RoyaltyReceiversCommand,
  context: { correlationId: string; actor: string },
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { result } = await handleCommand(eventStore, royaltyReceiversStreamId(contentId), royaltyReceiversDecider, command, context);
      if (result) await projector.waitFor(result.lastPosition);
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt === 3) throw error;
    }
  }
}

export interface InvitationMail {
  to: string;
  receiverName: string;
  creatorName: string;
  contentTitle: string;
  royaltyPercentage: number;
  link: string;
}

/**
 * The invitation as text and HTML. The names and the title are people's input: each is one line
 * (no break can add a line or a header of its own) and escaped in the HTML.
 */
export async function mailInvitation(mailer: Mailer, mail: InvitationMail) {
  const receiverName = mailLine(mail.receiverName);
  const creatorName = mailLine(mail.creatorName);
  const contentTitle = mailLine(mail.contentTitle);
  const invitation = `${creatorName} invites you to receive ${mail.royaltyPercentage}% of the royalties of "${contentTitle}" on GOOSE.`;
  const accept = 'Nothing is paid to you until you accept. Open this link to accept or decline:';
  const unexpected = 'If you did not expect this invitation, you can decline it or ignore this message.';
  const link = escapeHtml(mail.link);
  return mailer.send({
    kind: 'royalty-invitation',
    to: mail.to,
    link: mail.link,
    subject: `${creatorName} invites you to share the royalties of "${contentTitle}"`,
    text: [`Hello ${receiverName},`, '', invitation, accept, '', mail.link, '', unexpected].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(receiverName)},</p>`,
      `<p>${escapeHtml(invitation)}<br>${escapeHtml(accept)}</p>`,
      `<p><a href="${link}">${link}</a></p>`,
      `<p>${escapeHtml(unexpected)}</p>`,
    ].join('\n'),
  });
}

export const royaltyReceiverRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, mailer, invitationTokens, creatorShareOf, publicOrigin } = app.services;
  app.get(
    '/api/royalty-receivers',
    { schema: { summary: "The signed-in creator's royalty receivers, of one content item (contentId) or of all their content", tags: ['receivers'], querystring: receiverListQuerySchema, response: { 200: receiverListSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      const { contentId, contractId } = request.query;
      if (contractId && !contentId) throw new ValidationError('Receivers are kept per content item: pass contentId (the contract\'s content)');
      return { receivers: (await listOwnerReceivers(db, userId, contentId)).map(toReceiver) };
    },
  );

  app.post(
    '/api/royalty-receivers',
    {
      schema: {
        summary: "Add a royalty receiver to registered content (1–50 %, all receivers within the creator's share) and mail them an invitation",
        tags: ['receivers'],
        body: addReceiverRequestSchema,
        response: { 201: addReceiverResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const body = request.body;
      const track = await findOwnedTrack(db, userId, body.contentId);
      if (!track) throw new NotFoundError(CONTENT_NOT_FOUND);
      const item = toVaultItem(track);
      if (!item.xrplTxHash) throw new ValidationError(REGISTRATION_REQUIRED);
      const contentId = track.id;
      const context = { correlationId: request.id, actor: `user:${userId}` };
      const receiverId = randomUUID();
      await runReceiversCommand(eventStore, projector, contentId, {
        type: 'AddReceiver',
        data: {
          contentId,
          ownerId: userId,
          receiverId,
          receiverName: body.receiverName,
          receiverEmail: body.receiverEmail,
          royaltyPercentage: body.royaltyPercentage,
          receiverWallet: body.receiverWallet ?? null,
          creatorShare: await creatorShareOf(contentId),
        },
      }, context);

      const added = (await findReceiver(db, receiverId))!;
      const creatorName = (await findUserById(db, userId, app.services.knowledge.termsVersion))?.username ?? 'A GOOSE creator';
      const link = `${publicOrigin()}/royalty-invitation/${invitationTokens.sign({ contentId, receiverId })}`;
      let message: string;
      try {
        const sent = await mailInvitation(mailer, { to: added.receiverEmail, receiverName: added.receiverName, creatorName, contentTitle: item.title, royaltyPercentage: added.royaltyPercentage, link });
        await runReceiversCommand(eventStore, projector, contentId, { type: 'RecordInvitationSent', data: { receiverId, sentAt: new Date().toISOString(), deliveredTo: sent.deliveredTo } }, context);
        message = mailer.transport === 'outbox'
          ? `${added.receiverName} was added. This server sends no email, so the invitation has not reached them; the server's operator can pass its link on`
          : `${added.receiverName} was added and invited by email to ${added.receiverEmail}`;
      } catch (error) {
        request.log.warn({ err: error, contentId, receiverId }, 'royalty invitation not sent');
        message = `${added.receiverName} was added, but the invitation could not be sent; remove and add them again to retry`;
      }
      request.log.info({ contentId, receiverId, royaltyPercentage: added.royaltyPercentage }, 'royalty receiver added');
      return reply.status(201).send({ success: true as const, receiver: toReceiver((await findReceiver(db, receiverId))!), message });
    },
  );

  app.delete(
    '/api/royalty-receivers/:id',
    { schema: { summary: 'Remove a royalty receiver: they are no longer paid and their invitation link stops working', tags: ['receivers'], params: idParams, response: { 200: removeReceiverResponseSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      const receiver = await findReceiver(db, request.params.id);
      if (!receiver || receiver.ownerId !== userId) throw new NotFoundError(RECEIVER_NOT_FOUND);
      await runReceiversCommand(eventStore, projector, receiver.contentId, { type: 'RemoveReceiver', data: { receiverId: receiver.id, at: new Date().toISOString() } }, { correlationId: request.id, actor: `user:${userId}` });
      request.log.info({ contentId: receiver.contentId, receiverId: receiver.id }, 'royalty receiver removed');
      return { success: true as const, message: `${receiver.receiverName} is no longer a royalty receiver of this content` };
    },
  );
};
