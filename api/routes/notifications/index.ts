// The notifications routes: the signed-in user's notifications (the bell's count, the menu and the
// full page with filters and paging), marking one or all read, deleting one, the preferences per
// kind, and the one-click unsubscribe a notification mail links to. Notifications are a read model
// (projections/notifications): a route never writes it, it appends the user's own inbox event
// through the inbox decider and waits for the read model to show it. Another user's notification is
// answered exactly like a missing one (404).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_KIND_LABELS } from '../../../domain/contracts/notifications';
import { inboxDecider, type InboxCommand } from '../../../domain/notifications/inbox.decider';
import { inboxStreamId } from '../../../domain/notifications/inbox.events';
import { NotFoundError } from '../../../domain/shared/errors';
import { handleCommandWithRetry } from '../../../infra/eventstore/command-handler';
import { escapeHtml } from '../../../infra/mail/mailer';
import { confirmedEmailOf, countUnread, findNotification, listNotifications, preferencesOf } from '../../../projections/notifications/queries';
import { noBody, PUBLIC } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import {
  idParams,
  notificationCountResponseSchema,
  notificationDeletedResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  notificationReadResponseSchema,
  notificationsReadAllResponseSchema,
  unsubscribeBodySchema,
  unsubscribePage,
  unsubscribeQuerySchema,
} from './schemas';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid: it was changed or not made by this server';

/** A small page of its own (the web app is not needed to unsubscribe); everything interpolated is escaped. */
function page(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, mailer, notificationUnsubscribe } = app.services;

  // The one-click unsubscribe (RFC 8058) posts a form; in this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  /** Runs a command on the user's inbox and waits until the read model shows it. */
  async function onInbox(userId: string, command: InboxCommand, correlationId: string): Promise<void> {
    const { result } = await handleCommandWithRetry(eventStore, inboxStreamId(userId), inboxDecider, command, { correlationId, actor: `user:${userId}` });
    if (result) await projector.waitFor(result.lastPosition);
  }

  async function owned(userId: string, id: string) {
    const notification = await findNotification(db, userId, id);
    if (!notification) throw new NotFoundError(NOTIFICATION_NOT_FOUND);
    return notification;
  }

  async function preferencesAnswer(userId: string) {
    return { preferences: await preferencesOf(db, userId), email: await confirmedEmailOf(db, userId), mailTransport: mailer.transport };
  }

  app.get(
    '/api/notifications',
    {
      schema: {
        summary: "The signed-in user's notifications, newest first, paged and filtered by status, kind and type; with the unread count of all of them",
        tags: ['notifications'],
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema },
      },
    },
    async (request) => listNotifications(db, requireUserId(request), request.query),
  );

  app.get(
    '/api/notifications/count',
    { schema: { summary: "How many of the signed-in user's notifications are unread (the bell's badge)", tags: ['notifications'], response: { 200: notificationCountResponseSchema } } },
    async (request) => ({ unread: await countUnread(db, requireUserId(request)) }),
  );

  app.patch(
    '/api/notifications/read-all',
    {
      schema: {
        summary: "Mark every notification made until now read (recorded as the user's own event, so it survives a rebuild); answers how many were unread",
        tags: ['notifications'],
        body: noBody,
        response: { 200: notificationsReadAllResponseSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const now = new Date().toISOString();
      const marked = await countUnread(db, userId);
      await onInbox(userId, { type: 'MarkAllNotificationsRead', data: { userId, upTo: now, readAt: now } }, request.id);
      return { marked };
    },
  );

  app.patch(
    '/api/notifications/:id/read',
    { schema: { summary: 'Mark one notification read', tags: ['notifications'], params: idParams, body: noBody, response: { 200: notificationReadResponseSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      const { id } = request.params;
      const notification = await owned(userId, id);
      if (!notification.read) await onInbox(userId, { type: 'MarkNotificationRead', data: { userId, notificationId: id, readAt: new Date().toISOString() } }, request.id);
      return { notification: await owned(userId, id) };
    },
  );

  app.delete(
    '/api/notifications/:id',
    { schema: { summary: 'Delete one notification', tags: ['notifications'], params: idParams, response: { 200: notificationDeletedResponseSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      const { id } = request.params;
      await owned(userId, id);
      await onInbox(userId, { type: 'DeleteNotification', data: { userId, notificationId: id, deletedAt: new Date().toISOString() } }, request.id);
      return { deleted: true as const, id };
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        summary: 'Which kinds of notification show in the app and come by mail, the confirmed address mail goes to, and whether mail goes by SMTP or to the outbox',
        tags: ['notifications'],
        response: { 200: notificationPreferencesResponseSchema },
      },
    },
    async (request) => preferencesAnswer(requireUserId(request)),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        summary: 'Set, per kind, in app and by mail; the kinds that ask you to act (a case, a deadline, evidence, an invitation) always show in the app',
        tags: ['notifications'],
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesResponseSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      await onInbox(userId, { type: 'ChangeNotificationPreferences', data: { userId, preferences: request.body.preferences, changedAt: new Date().toISOString() } }, request.id);
      return preferencesAnswer(userId);
    },
  );

  function verified(token: string) {
    const subject = notificationUnsubscribe.verify(token);
    if (!subject) throw new NotFoundError(UNSUBSCRIBE_LINK_INVALID);
    return subject;
  }

  app.get(
    '/api/notifications/unsubscribe',
    {
      schema: {
        summary: "The page a notification mail's unsubscribe link opens: it asks to confirm turning off that kind's mail (opening it changes nothing)",
        tags: ['notifications'],
        ...PUBLIC,
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribePage },
      },
    },
    async (request, reply) => {
      const { kind } = verified(request.query.token);
      const label = NOTIFICATION_KIND_LABELS[kind];
      return page(
        reply,
        'Stop these mails?',
        `<p>Stop mailing you about: <strong>${escapeHtml(label)}</strong>. They still show in the app, and you can turn the mail on again in your notification settings.</p>` +
          `<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}"><button type="submit">Stop these mails</button></form>`,
      );
    },
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        summary: "One-click unsubscribe (RFC 8058 List-Unsubscribe-Post): turns off the mail of the link's kind for its user",
        tags: ['notifications'],
        ...PUBLIC,
        querystring: unsubscribeQuerySchema,
        body: unsubscribeBodySchema,
        response: { 200: unsubscribePage },
      },
    },
    async (request, reply) => {
      const { userId, kind } = verified(request.query.token);
      await onInbox(userId, { type: 'StopNotificationMail', data: { userId, kind, changedAt: new Date().toISOString() } }, request.id);
      request.log.info({ userId, kind }, 'notification mail turned off by its unsubscribe link');
      return page(reply, 'Mails stopped', `<p>You will no longer be mailed about: <strong>${escapeHtml(NOTIFICATION_KIND_LABELS[kind])}</strong>. It still shows in the app.</p>`);
    },
  );
};
