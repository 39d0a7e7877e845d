// The waiting list of the planned per-stream streaming platform (GET stats, GET status, POST join,
// POST confirm under /api/streaming/waiting-list). Anyone may join with an address; it counts once
// a mailed single-use link is confirmed, or at once for a signed-in user joining with the address
// their account confirmed. Whether an address is on the list is never told to whoever types it: a
// join answers the same for a new address and a known one. A visitor sees their place through a
// signed status cookie set when they confirm; a signed-in user through their session. Nothing here
// pays, credits tokens or estimates earnings: the platform does not exist.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NO_EARNINGS_REASON, PRIORITY_MEANING, WAITING_LIST_LINK_TTL_HOURS } from '../../../domain/contracts/waiting-list';
import { IllegalStateError, ValidationError } from '../../../domain/shared/errors';
import { waitingListDecider, type Confirmation, type WaitingListCommand } from '../../../domain/waiting-list/waiting-list.decider';
import { waitingListStreamId } from '../../../domain/waiting-list/waiting-list.events';
import { handleCommandWithRetry } from '../../../infra/eventstore/command-handler';
import { newAffiliateCode, newLinkId } from '../../../infra/waiting-list/waiting-list-tokens';
import { findConfirmedEmail } from '../../../projections/users/queries';
import { entryStatus, findEntryByAffiliateCode, findEntryById, findEntryByUser, waitingListCounts } from '../../../projections/waiting-list/queries';
import { countRegisteredWorks } from '../../../projections/works/queries';
import { PUBLIC } from '../../openapi';
import { HttpError } from '../../plugins/error-handler';
import { FailureWindows } from '../../../infra/throttle/failure-windows';
import { attemptAll, FailureThrottle } from '../../plugins/throttle';
import { mailWaitingListLink } from './confirmation-mail';
import {
  confirmWaitingListRequestSchema,
  confirmWaitingListResponseSchema,
  joinWaitingListRequestSchema,
  joinWaitingListResponseSchema,
  waitingListStatsResponseSchema,
  waitingListStatusResponseSchema,
} from './schemas';

const HOUR = 60 * 60 * 1000;
/** The cookie a browser keeps its confirmed entry in, sent only to these routes. */
export const STATUS_COOKIE = 'goose_waiting_list';
const COOKIE_PATH = '/api/streaming/waiting-list';
const STATUS_COOKIE_DAYS = 365;
/** Links mailed to one address in an hour: enough to fix a lost mail, too few to flood a mailbox. */
export const LINKS_PER_ADDRESS_PER_HOUR = 3;
/** Links mailed on behalf of one client address in an hour. */
export const LINKS_PER_CLIENT_PER_HOUR = 20;

export const streamingWaitingListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector, mailer, publicOrigin, secureCookies, waitingListSecrets: secrets } = app.services;
  // Every mailed link counts (none is forgiven): each one mails somebody.
  const failureWindows = new FailureWindows(db);
  const mailsPerAddress = new FailureThrottle(failureWindows, 'waiting-list-mails:address', { max: LINKS_PER_ADDRESS_PER_HOUR, windowMs: HOUR });
  const mailsPerClient = new FailureThrottle(failureWindows, 'waiting-list-mails:client', { max: LINKS_PER_CLIENT_PER_HOUR, windowMs: HOUR });

  const run = async (entryId: string, command: WaitingListCommand, correlationId: string, actor: string) => {
    const { result } = await handleCommandWithRetry(eventStore, waitingListStreamId(entryId), waitingListDecider, command, { correlationId, actor });
    if (result) await projector.waitFor(result.lastPosition);
  };

  app.get(
    '/api/streaming/waiting-list/stats',
    {
      schema: {
        summary: 'The waiting list in numbers, from the read model: confirmed addresses, confirmed priority addresses, addresses awaiting confirmation, and works registered on GOOSE. No earnings are estimated (null, with the reason)',
        tags: ['streaming'],
        ...PUBLIC,
        response: { 200: waitingListStatsResponseSchema },
      },
    },
    async () => {
      const [counts, totalTracks] = await Promise.all([waitingListCounts(db), countRegisteredWorks(db)]);
      return {
        success: true as const,
        data: {
          totalUsers: counts.confirmed,
          priorityUsers: counts.priority,
          awaitingConfirmation: counts.awaitingConfirmation,
          totalTracks,
          estimatedEarnings: null,
          estimatedEarningsReason: NO_EARNINGS_REASON,
        },
      };
    },
  );

  app.get(
    '/api/streaming/waiting-list/status',
    {
      schema: {
        summary: "One's own place on the waiting list: the entry this browser confirmed (its status cookie), else the signed-in user's; data is null when there is neither. The affiliate code and referrals show once the address is confirmed; referral earnings are always 0",
        tags: ['streaming'],
        ...PUBLIC,
        response: { 200: waitingListStatusResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const cookie = request.cookies[STATUS_COOKIE];
      const fromCookie = cookie ? secrets.verifyStatus(cookie) : null;
      const row = (fromCookie && (await findEntryById(db, fromCookie))) || (request.userId ? await findEntryByUser(db, request.userId) : null);
      return { success: true as const, data: row ? await entryStatus(db, row) : null };
    },
  );

  app.post(
    '/api/streaming/waiting-list/join',
    {
      schema: {
        summary: `Join the waiting list with an e-mail address (a visitor or a signed-in user). A confirmation link, valid ${WAITING_LIST_LINK_TTL_HOURS} hours and usable once, is mailed (at most ${LINKS_PER_ADDRESS_PER_HOUR} an hour per address: 429 with Retry-After); a signed-in user joining with their account's confirmed address is confirmed at once. The answer is the same whether the address was on the list. ${PRIORITY_MEANING} A referralCode counts for its holder once this address is confirmed. No tokens or money are credited`,
        tags: ['streaming'],
        ...PUBLIC,
        body: joinWaitingListRequestSchema,
        response: { 200: joinWaitingListResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, isPriority, notificationPreferences, referralCode } = request.body;
      const userId = request.userId;
      if (!userId && notificationPreferences.platform) throw new ValidationError('Notices in GOOSE need an account: sign in, or choose e-mail');
      const entryId = secrets.entryIdOf(email);
      if (userId) {
        const own = await findEntryByUser(db, userId);
        if (own && own.entry_id !== entryId) throw new IllegalStateError(`Your account is already on the waiting list with ${own.email}`);
      }
      let referredBy: { code: string; referrerEntryId: string } | null = null;
      if (referralCode) {
        const referrer = await findEntryByAffiliateCode(db, referralCode);
        if (!referrer?.confirmed_at) throw new ValidationError('This referral code is not known: join without it');
        // The code's own address joining again: nothing is referred, and the answer stays the same as
        // any join's, so typing addresses with a shared code does not tell whose code it is. (A
        // signed-in user's other address is refused above: an account holds one entry.)
        referredBy = referrer.entry_id === entryId ? null : { code: referralCode, referrerEntryId: referrer.entry_id };
      }
      const accountAddress = userId ? await findConfirmedEmail(db, userId) : null;
      const byAccount = accountAddress !== null && accountAddress.trim().toLowerCase() === email.toLowerCase();
      const joinedAt = new Date();
      const data = { entryId, email, isPriority, affiliateCode: newAffiliateCode(), referredBy, userId, notificationPreferences, joinedAt: joinedAt.toISOString() };
      const actor = userId ? `user:${userId}` : 'visitor';

      if (byAccount) {
        await run(entryId, { type: 'JoinWaitingList', data, confirmation: { kind: 'account-address' } }, request.id, actor);
        const status = await entryStatus(db, (await findEntryById(db, entryId))!);
        return { success: true as const, data: { outcome: 'confirmed' as const, isPriority: status.isPriority, affiliateCode: status.affiliateCode, mailTransport: null, status } };
      }

      const address = email.toLowerCase();
      const wait = Math.max(
        ...(await attemptAll([
          [mailsPerAddress, address],
          [mailsPerClient, request.ip],
        ])),
      );
      if (wait > 0) return tooManyMails(reply, wait);
      const expiresAt = new Date(joinedAt.getTime() + WAITING_LIST_LINK_TTL_HOURS * HOUR);
      const confirmation: Confirmation = { kind: 'link', linkId: newLinkId(), expiresAt: expiresAt.toISOString() };
      await run(entryId, { type: 'JoinWaitingList', data, confirmation }, request.id, actor);
      const token = secrets.signLink({ entryId, linkId: confirmation.linkId, expiresAt });
      const link = `${publicOrigin()}/streaming/confirm?token=${encodeURIComponent(token)}`;
      try {
        await mailWaitingListLink(mailer, { to: email, link });
      } catch (error) {
        request.log.error({ err: error, entryId }, 'the waiting list confirmation mail could not be sent');
        throw new HttpError(502, 'The confirmation mail could not be sent. Try again in a few minutes.');
      }
      return { success: true as const, data: { outcome: 'confirmation-mailed' as const, isPriority, affiliateCode: null, mailTransport: mailer.transport, status: null } };
    },
  );

  app.post(
    '/api/streaming/waiting-list/confirm',
    {
      schema: {
        summary: 'Confirm an address with the token of its mailed link (the link\'s page sends it; opening the link alone confirms nothing). Each link works once: 409 when used or expired. Sets this browser\'s status cookie and answers the entry with its affiliate code',
        tags: ['streaming'],
        ...PUBLIC,
        body: confirmWaitingListRequestSchema,
        response: { 200: confirmWaitingListResponseSchema },
      },
    },
    async (request, reply) => {
      const verified = secrets.verifyLink(request.body.token);
      if (verified.status === 'invalid') throw new ValidationError('This is not a valid confirmation link: open the link from the mail as it is');
      if (verified.status === 'expired') throw new IllegalStateError(`This link has expired (links work for ${WAITING_LIST_LINK_TTL_HOURS} hours): join again with the same address to get a new one`);
      const { entryId, linkId } = verified.link;
      await run(entryId, { type: 'ConfirmWithLink', data: { entryId, linkId, at: new Date().toISOString() } }, request.id, request.userId ? `user:${request.userId}` : 'visitor');
      const row = await findEntryById(db, entryId);
      if (!row) throw new IllegalStateError('This address is not on the waiting list');
      void reply.setCookie(STATUS_COOKIE, secrets.signStatus(entryId), {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies || request.protocol === 'https',
        path: COOKIE_PATH,
        maxAge: STATUS_COOKIE_DAYS * 24 * 60 * 60,
      });
      request.log.info({ entryId }, 'waiting list address confirmed');
      return { success: true as const, data: await entryStatus(db, row) };
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
