// The notifications read model: the events that matter to a user turned into the rows of their bell
// and notifications page (type, kind, title, message, a link to the exact place). A row's id is
// derived from the source event's id and the recipient, so a replayed or rebuilt event inserts
// nothing twice (ON CONFLICT DO NOTHING). Most events name only an aggregate id, so the projection
// keeps its own lookups (who owns a track, a contract, a release, a license, a key, who the parties
// of a case are), fed by the events that create those aggregates. The user's own inbox events set
// read and deleted flags and the preferences; the confirmed e-mail addresses (for the mail
// dispatcher), each token account's free balance (for the low-balance warning) and who holds the
// support role (told of each new ticket) are kept here too.
// Mail is never sent from here: infra/notifications/mail-dispatcher.ts picks up the mailable rows.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { ACTION_NOTIFICATION_KINDS, type NotificationKind, type NotificationType } from '../../domain/contracts/notifications';
import { ApiKeyCreated, ApiKeySuspended } from '../../domain/developer/api-key.events';
import {
  DisputeAnswered,
  DisputeAppealed,
  DisputeDeadlineReminded,
  DisputeEvidenceRequested,
  DisputeFiled,
  DisputeHoldClaimed,
  DisputeHoldReleased,
  DisputeResolved,
} from '../../domain/disputes/dispute.events';
import { STORES } from '../../domain/distribution/catalogue';
import { ReleaseDelivered, ReleaseFailed, ReleaseRequested, ReleaseStoreStateChanged } from '../../domain/distribution/release.events';
import { UserRoleGranted, UserRoleRevoked } from '../../domain/identity/role.events';
import { UserEmailConfirmed, UserEmailRemoved } from '../../domain/identity/user.events';
import { LicenseIssued, LicensePurchaseFailed, LicensePurchaseRequested } from '../../domain/licensing/license.events';
import { NotificationDeleted, NotificationPreferencesChanged, NotificationRead, NotificationsReadUpTo } from '../../domain/notifications/inbox.events';
import { RoyaltyContractCreated, RoyaltyPayoutLinePaid, RoyaltyPayoutRunStarted } from '../../domain/royalties/royalty-contract.events';
import { RoyaltyInvitationAccepted, RoyaltyInvitationDeclined, RoyaltyInvitationSent, RoyaltyReceiverAdded } from '../../domain/royalties/royalty-receivers.events';
import type { EventDefinition } from '../../domain/shared/events';
import { SupportMessagePosted, SupportTicketOpened, SupportTicketStatusChanged } from '../../domain/support/support-ticket.events';
import { LOW_BALANCE_WARNING_TOKENS } from '../../domain/tokens/catalogue';
import { TokenHoldReleased, TokensCreditedToAccount, TokensDebitedFromAccount, TokensHeld } from '../../domain/tokens/token-account.events';
import { MICROS_PER_TOKEN } from '../../domain/shared/tokens';
import {
  TrackCopyrightChecked,
  TrackCopyrightCheckFailed,
  TrackCopyrightReviewDecided,
  TrackMastered,
  TrackMasteringFailed,
  TrackRegistrationFailed,
  TrackRegistrationSubmitted,
} from '../../domain/track/stage.events';
import { TrackUploadReceived } from '../../domain/track/track.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';
import { capitalized, caseName, DEADLINE_CONSEQUENCES, DEADLINE_NAMES, links, money, tokens, when } from './wording';

/** The spec's low-balance threshold: the header warns at this free balance or below. */
const LOW_BALANCE_MICROS = LOW_BALANCE_WARNING_TOKENS * MICROS_PER_TOKEN;

/** The token-account events that move a free balance. */
const TOKEN_MOVES: ReadonlySet<string> = new Set([TokensCreditedToAccount.type, TokensHeld.type, TokensDebitedFromAccount.type, TokenHoldReleased.type]);

/** The credits told as such, by cause; payouts and license sales have notifications of their own. */
const CREDIT_TITLES: Partial<Record<string, string>> = {
  welcome_bonus: 'Welcome tokens credited',
  purchase: 'Payment credited',
  subscription_month: 'Subscription tokens credited',
  refund: 'Tokens refunded',
  dispute_compensation: 'Dispute compensation credited',
};

export interface Notice {
  userId: string;
  kind: NotificationKind;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl: string | null;
  actionText: string | null;
  /** False when the news already reached the user's mailbox another way (a royalty invitation is itself a mail). */
  mailable?: boolean;
}

/** The notification's id: the same source event and recipient always give the same id. */
export function notificationId(sourceEventId: string, userId: string): string {
  const bytes = createHash('sha256').update(`notification\u0000${sourceEventId}\u0000${userId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Handler = (tx: Batch, data: never, recorded: RecordedEvent) => Promise<ReadModelChange[]>;
const handlers = new Map<string, Handler>();

function on<S extends z.ZodType>(definition: EventDefinition<string, S>, handler: (tx: Batch, data: z.output<S>, recorded: RecordedEvent) => Promise<ReadModelChange[]>): void {
  handlers.set(definition.type, handler as Handler);
}

// ---- lookups --------------------------------------------------------------------------------

interface Subjects {
  track: { ownerId: string; title: string };
  dispute: { kind: string; workTitle: string; subject: string; ownerId: string; claimantId: string | null };
  contract: { ownerId: string; contentTitle: string };
  'payout-run': { lines: { userId: string | null; amountCents: number; party: string }[] };
  release: { ownerId: string; songName: string; stores: string[] };
  license: { ownerId: string; buyerId: string; workTitle: string; priceCents: number; currency: 'USD' | 'QXMP'; licenseType: string };
  'api-key': { ownerId: string; keyName: string };
  receiver: { ownerId: string; name: string; email: string; percentage: number };
  'support-ticket': { requesterId: string; title: string };
}

/** A subject's key, and the keys an event may need: read in one query before the batch is applied. */
const subjectKey = (kind: keyof Subjects, id: string) => `${kind}:${id}`;

function subjectKeysOf(data: Record<string, unknown>): string[] {
  const keys: string[] = [];
  const text = (field: string) => (typeof data[field] === 'string' ? (data[field] as string) : null);
  const [trackId, disputeId, contractId, runId, distributionId, licenseId, keyId, contentId, receiverId, ticketId] = [
    'trackId', 'disputeId', 'contractId', 'runId', 'distributionId', 'licenseId', 'keyId', 'contentId', 'receiverId', 'ticketId',
  ].map(text);
  if (trackId) keys.push(subjectKey('track', trackId));
  if (disputeId) keys.push(subjectKey('dispute', disputeId));
  if (contractId) keys.push(subjectKey('contract', contractId));
  if (contractId && runId) keys.push(subjectKey('payout-run', `${contractId}:${runId}`));
  if (distributionId) keys.push(subjectKey('release', distributionId));
  if (licenseId) keys.push(subjectKey('license', licenseId));
  if (keyId) keys.push(subjectKey('api-key', keyId));
  if (contentId && receiverId) keys.push(subjectKey('receiver', `${contentId}:${receiverId}`), subjectKey('track', contentId));
  if (ticketId) keys.push(subjectKey('support-ticket', ticketId));
  return keys;
}

interface PendingNotice {
  id: string;
  notice: Notice;
  recorded: RecordedEvent;
}

/**
 * One batch of events applied with as few statements as it can (a rebuild replays all history):
 * the subjects the batch needs and the balances it moves are read once at its start and kept in
 * memory; new subjects, balances and notifications are written at its end, each in one statement.
 * A handler that writes the notifications table itself (the inbox) first writes what is pending.
 */
class Batch implements Queryable {
  private readonly subjects = new Map<string, unknown>();
  private readonly newSubjects = new Map<string, unknown>();
  private readonly balances = new Map<string, { available: number; version: number; dirty: boolean }>();
  private pending: PendingNotice[] = [];

  constructor(private readonly tx: Queryable) {}

  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }> {
    return this.tx.query<R>(sql, params);
  }

  async prefetch(events: readonly RecordedEvent[]): Promise<void> {
    const keys = [...new Set(events.flatMap((event) => subjectKeysOf(event.data as Record<string, unknown>)))];
    if (keys.length > 0) {
      const { rows } = await this.tx.query<{ subject: string; data: unknown }>('SELECT subject, data FROM notification_subjects WHERE subject = ANY($1)', [keys]);
      for (const row of rows) this.subjects.set(row.subject, typeof row.data === 'string' ? JSON.parse(row.data) : row.data);
    }
    const accounts = [...new Set(events.filter((event) => TOKEN_MOVES.has(event.type)).map((event) => (event.data as { userId: string }).userId))];
    if (accounts.length > 0) {
      const { rows } = await this.tx.query<{ user_id: string; available_micros: string; stream_version: number }>(
        'SELECT user_id, available_micros::text, stream_version FROM notification_balances WHERE user_id = ANY($1)',
        [accounts],
      );
      for (const row of rows) this.balances.set(row.user_id, { available: Number(row.available_micros), version: row.stream_version, dirty: false });
    }
  }

  /** Records who an aggregate belongs to; the first record wins, so a replay changes nothing. */
  remember<K extends keyof Subjects>(kind: K, id: string, data: Subjects[K]): void {
    const key = subjectKey(kind, id);
    if (this.subjects.has(key)) return;
    this.subjects.set(key, data);
    this.newSubjects.set(key, data);
  }

  lookup<K extends keyof Subjects>(kind: K, id: string): Subjects[K] | null {
    return (this.subjects.get(subjectKey(kind, id)) as Subjects[K] | undefined) ?? null;
  }

  notify(recorded: RecordedEvent, notices: readonly Notice[]): ReadModelChange[] {
    for (const notice of notices) this.pending.push({ id: notificationId(recorded.eventId, notice.userId), notice, recorded });
    return [];
  }

  /**
   * Moves a user's free balance (balance minus holds) by `deltaMicros`, once per token-account event
   * (its stream version); null for an event already applied.
   */
  moveBalance(recorded: RecordedEvent, userId: string, deltaMicros: number): { before: number; after: number } | null {
    const balance = this.balances.get(userId) ?? { available: 0, version: 0, dirty: false };
    if (recorded.streamVersion <= balance.version) return null;
    const before = balance.available;
    this.balances.set(userId, { available: before + deltaMicros, version: recorded.streamVersion, dirty: true });
    return { before, after: before + deltaMicros };
  }

  /** Inserts the pending notifications, in order, in one statement; the changes of those new. */
  async flushNotifications(): Promise<ReadModelChange[]> {
    if (this.pending.length === 0) return [];
    const pending = this.pending;
    this.pending = [];
    const rows = pending.map(({ id, notice, recorded }, ord) => ({
      ord,
      id,
      user_id: notice.userId,
      kind: notice.kind,
      type: notice.type,
      title: notice.title,
      message: notice.message,
      action_url: notice.actionUrl,
      action_text: notice.actionText,
      mailable: (notice.mailable ?? true) && ACTION_NOTIFICATION_KINDS.includes(notice.kind),
      created_at: recorded.recordedAt.toISOString(),
      source_event_id: recorded.eventId,
    }));
    // A notification made after the user's "read all" instant is unread; one made before it (a rebuild) is read.
    const { rows: inserted } = await this.tx.query<{ id: string }>(
      `INSERT INTO notifications (id, user_id, kind, type, title, message, action_url, action_text, mailable, created_at, source_event_id, read)
       SELECT r.id, r.user_id, r.kind, r.type, r.title, r.message, r.action_url, r.action_text, r.mailable, r.created_at, r.source_event_id,
              EXISTS (SELECT 1 FROM notification_inbox i WHERE i.user_id = r.user_id AND i.read_up_to >= r.created_at)
         FROM jsonb_to_recordset($1::jsonb) AS r(ord integer, id text, user_id text, kind text, type text, title text, message text, action_url text,
                                                  action_text text, mailable boolean, created_at timestamptz, source_event_id text)
        ORDER BY r.ord
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [JSON.stringify(rows)],
    );
    const made = new Set(inserted.map((row) => row.id));
    return pending.filter(({ id }) => made.has(id)).map(({ id, notice, recorded }) => readModelChange('notifications', recorded, notice.userId, id));
  }

  /** Writes what the batch kept in memory; answers the changes of the notifications made. */
  async finish(): Promise<ReadModelChange[]> {
    const changes = await this.flushNotifications();
    if (this.newSubjects.size > 0) {
      await this.tx.query(
        `INSERT INTO notification_subjects (subject, data) SELECT r.subject, r.data FROM jsonb_to_recordset($1::jsonb) AS r(subject text, data jsonb) ON CONFLICT (subject) DO NOTHING`,
        [JSON.stringify([...this.newSubjects].map(([subject, data]) => ({ subject, data })))],
      );
    }
    const moved = [...this.balances].filter(([, balance]) => balance.dirty);
    if (moved.length > 0) {
      await this.tx.query(
        `INSERT INTO notification_balances (user_id, available_micros, stream_version)
         SELECT r.user_id, r.available_micros, r.stream_version FROM jsonb_to_recordset($1::jsonb) AS r(user_id text, available_micros bigint, stream_version integer)
         ON CONFLICT (user_id) DO UPDATE SET available_micros = excluded.available_micros, stream_version = excluded.stream_version
         WHERE notification_balances.stream_version < excluded.stream_version`,
        [JSON.stringify(moved.map(([userId, balance]) => ({ user_id: userId, available_micros: balance.available, stream_version: balance.version })))],
      );
    }
    return changes;
  }
}

const none = Promise.resolve([] as ReadModelChange[]);

// ---- tracks ---------------------------------------------------------------------------------

async function aboutTrack(tx: Batch, trackId: string, notice: (track: Subjects['track']) => Omit<Notice, 'userId' | 'actionUrl' | 'actionText'>, recorded: RecordedEvent) {
  const track = tx.lookup('track', trackId);
  if (!track) return [];
  return tx.notify(recorded, [{ userId: track.ownerId, actionUrl: links.track(trackId), actionText: 'Open the track', ...notice(track) }]);
}

on(TrackUploadReceived, async (tx, d) => {
  tx.remember('track', d.trackId, { ownerId: d.ownerId, title: d.title });
  return [];
});

on(TrackMastered, (tx, d, recorded) =>
  aboutTrack(
    tx,
    d.trackId,
    (track) =>
      d.kind === 'preview'
        ? { kind: 'track_progress', type: 'success', title: 'Preview ready', message: `The mastering preview of "${track.title}" is ready to compare.` }
        : {
            kind: 'track_progress',
            type: 'success',
            title: 'Track mastered',
            message: `"${track.title}" was mastered (${d.results.lufs.toFixed(1)} LUFS, ${d.settings.style}, ${d.settings.format.toUpperCase()}).`,
          },
    recorded,
  ),
);

on(TrackMasteringFailed, (tx, d, recorded) =>
  aboutTrack(tx, d.trackId, (track) => ({ kind: 'track_progress', type: 'error', title: 'Mastering failed', message: `Mastering "${track.title}" failed: ${d.reason}` }), recorded),
);

on(TrackCopyrightChecked, (tx, d, recorded) =>
  aboutTrack(
    tx,
    d.trackId,
    (track): Omit<Notice, 'userId' | 'actionUrl' | 'actionText'> => {
      switch (d.analysis.status) {
        case 'cleared':
          return { kind: 'track_progress', type: 'success', title: 'Copyright check cleared', message: `"${track.title}" cleared the copyright check: it can be registered.` };
        case 'needs_review':
          return {
            kind: 'copyright_review',
            type: 'warning',
            title: 'Held for review',
            message: `The copyright check held "${track.title}": passages resemble registered works. Ask for a review to have a person decide.`,
          };
        case 'conflict':
          return {
            kind: 'copyright_review',
            type: 'error',
            title: 'Copyright conflict found',
            message: `The copyright check found "${track.title}" matches a registered work; it cannot be registered unless a review clears it.`,
          };
        case 'not_available':
          return {
            kind: 'track_progress',
            type: 'warning',
            title: 'Copyright check incomplete',
            message: `The copyright check of "${track.title}" could not give a verdict${d.analysis.reason ? `: ${d.analysis.reason}` : '.'}`,
          };
      }
    },
    recorded,
  ),
);

on(TrackCopyrightCheckFailed, (tx, d, recorded) =>
  aboutTrack(tx, d.trackId, (track) => ({ kind: 'track_progress', type: 'error', title: 'Copyright check failed', message: `The copyright check of "${track.title}" could not run: ${d.reason}` }), recorded),
);

on(TrackCopyrightReviewDecided, (tx, d, recorded) =>
  aboutTrack(
    tx,
    d.trackId,
    (track) =>
      d.outcome === 'cleared'
        ? { kind: 'copyright_review', type: 'success', title: 'Review cleared your track', message: `${d.reviewerName} cleared "${track.title}": it can be registered. ${d.details}` }
        : { kind: 'copyright_review', type: 'error', title: 'Review refused your track', message: `${d.reviewerName} refused "${track.title}"; it stays held. ${d.details}` },
    recorded,
  ),
);

on(TrackRegistrationSubmitted, (tx, d, recorded) =>
  aboutTrack(
    tx,
    d.trackId,
    (track): Omit<Notice, 'userId' | 'actionUrl' | 'actionText'> => {
      switch (d.outcome) {
        case 'validated':
          return { kind: 'registration', type: 'success', title: 'Registered', message: `"${track.title}" is registered on the XRP Ledger (ledger ${d.ledgerIndex ?? 'unknown'}).` };
        case 'submitted':
          return { kind: 'registration', type: 'info', title: 'Registration submitted', message: `The registration of "${track.title}" was submitted to the XRP Ledger and awaits validation.` };
        case 'awaiting_submission':
          return {
            kind: 'registration',
            type: 'info',
            title: 'Registration signed, awaiting submission',
            message: `The registration of "${track.title}" is signed and kept, not yet on a ledger. ${d.note ?? 'It is submitted once the server is connected to one.'}`,
          };
      }
    },
    recorded,
  ),
);

on(TrackRegistrationFailed, (tx, d, recorded) =>
  aboutTrack(tx, d.trackId, (track) => ({ kind: 'registration', type: 'error', title: 'Registration failed', message: `The registration of "${track.title}" failed: ${d.reason}` }), recorded),
);

// ---- disputes -------------------------------------------------------------------------------

/** The users among a case's parties: the work's owner (respondent) and a claimant who is a user. */
function parties(dispute: Subjects['dispute'], which: 'claimant' | 'respondent' | 'both' | 'either'): string[] {
  const claimant = dispute.claimantId ? [dispute.claimantId] : [];
  if (which === 'claimant') return claimant;
  if (which === 'respondent') return [dispute.ownerId];
  return [dispute.ownerId, ...claimant.filter((id) => id !== dispute.ownerId)];
}

/** The holders of the references a case is about, told of it: a held upload to release or claim, or a case the platform opened for them. */
function referenceHoldNotices(d: ReturnType<typeof DisputeFiled.create>['data']): Notice[] {
  const byHolder = new Map<string, string[]>();
  for (const r of d.references) byHolder.set(r.holderId, [...(byHolder.get(r.holderId) ?? []), `“${r.title}”`]);
  return [...byHolder].map(([userId, titles]) =>
    d.kind === 'oracle_review'
      ? {
          userId,
          kind: 'reference_hold' as const,
          type: 'warning' as const,
          title: `An upload matching ${titles.join(', ')} is held`,
          message: `"${d.workTitle}" by ${d.ownerName} matches your reference recording ${titles.join(', ')} and is held for review. Release the hold if it is licensed or not yours, or claim the work: a reviewer then decides.`,
          actionUrl: '/references/holds',
          actionText: 'Review the hold',
        }
      : {
          userId,
          kind: 'reference_hold' as const,
          type: 'info' as const,
          title: `Your reference ${titles.join(', ')} matches a registered work`,
          message: `It matches "${d.workTitle}" by ${d.ownerName}, registered before it. A case is open with you as claimant and its owner as respondent; a reviewer decides.`,
          actionUrl: links.dispute(d.disputeId),
          actionText: 'Open the case',
        },
  );
}

on(DisputeFiled, async (tx, d, recorded) => {
  tx.remember('dispute', d.disputeId, { kind: d.kind, workTitle: d.workTitle, subject: d.subject, ownerId: d.ownerId, claimantId: d.claimant.userId });
  const holders = referenceHoldNotices(d);
  // A review case (oracle_review) is the owner's own request; its track notifications tell them.
  if (d.kind !== 'dispute') return holders.length > 0 ? tx.notify(recorded, holders) : [];
  const answer = d.answerDueAt ? ` Answer by ${when(d.answerDueAt)}: an unanswered claim is upheld by default.` : '';
  const filed = d.filedBy === 'system' ? `GOOSE opened "${d.subject}" for ${d.claimant.name}; a reviewer decides.` : `${d.claimant.name} filed "${d.subject}" (${d.disputeType.replaceAll('_', ' ')}).`;
  return tx.notify(recorded, [
    {
      userId: d.ownerId,
      kind: 'dispute_against_you',
      type: 'warning',
      title: `A dispute was filed against "${d.workTitle}"`,
      message: `${filed}${answer} Payouts and licensing of the work are frozen while the case is open.`,
      actionUrl: links.dispute(d.disputeId),
      actionText: 'Open the case',
    },
    ...holders,
  ]);
});

on(DisputeHoldReleased, async (tx, d, recorded) => {
  const dispute = tx.lookup('dispute', d.disputeId);
  if (!dispute) return [];
  return tx.notify(recorded, [
    {
      userId: dispute.ownerId,
      kind: 'copyright_review',
      type: 'success',
      title: `${d.by.name} released the hold on "${dispute.workTitle}"`,
      message: `The holder of the reference recording it matched lets it stand.${d.note ? ` "${d.note}"` : ''} Once nothing else holds it, the track may be registered.`,
      actionUrl: links.dispute(d.disputeId),
      actionText: 'Open the case',
    },
  ]);
});

on(DisputeHoldClaimed, async (tx, d, recorded) => {
  const dispute = tx.lookup('dispute', d.disputeId);
  if (!dispute) return [];
  return tx.notify(recorded, [
    {
      userId: dispute.ownerId,
      kind: 'dispute_update',
      type: 'warning',
      title: `${d.by.name} claims "${dispute.workTitle}"`,
      message: `The holder of the reference recording it matched claims the work: "${d.note}". Add your evidence to the case; a reviewer decides.`,
      actionUrl: links.dispute(d.disputeId, 'evidence'),
      actionText: 'Add evidence',
    },
  ]);
});

on(DisputeEvidenceRequested, async (tx, d, recorded) => {
  const dispute = tx.lookup('dispute', d.disputeId);
  if (!dispute) return [];
  return tx.notify(recorded,
    parties(dispute, d.from).map((userId) => ({
      userId,
      kind: 'evidence_requested',
      type: 'warning',
      title: 'Evidence requested from you',
      message: `${d.by.name} asks for evidence in ${caseName(dispute.subject, dispute.workTitle)}, due ${when(d.dueAt)}.${d.note ? ` "${d.note}"` : ''} ${DEADLINE_CONSEQUENCES.evidence}`,
      actionUrl: links.dispute(d.disputeId, 'evidence'),
      actionText: 'Add evidence',
    })),
  );
});

/**
 * Tells the case's user parties other than the one who acted (`actorId`; null tells both) of a case
 * update: a dispute's, not an oracle review's, which has no second party.
 */
function notifyOtherParties(
  tx: Batch,
  recorded: RecordedEvent,
  disputeId: string,
  actorId: string | null,
  notice: (dispute: Subjects['dispute'], userId: string) => Omit<Notice, 'userId' | 'kind'>,
): ReadModelChange[] {
  const dispute = tx.lookup('dispute', disputeId);
  if (!dispute || dispute.kind !== 'dispute') return [];
  const recipients = parties(dispute, 'both').filter((id) => id !== actorId);
  return tx.notify(recorded, recipients.map((userId) => ({ userId, kind: 'dispute_update', ...notice(dispute, userId) })));
}

on(DisputeAnswered, async (tx, d, recorded) =>
  notifyOtherParties(tx, recorded, d.disputeId, d.by.userId, (dispute) => ({
    type: 'info',
    title: 'The claim was answered',
    message: `${d.by.name} answered ${caseName(dispute.subject, dispute.workTitle)}.`,
    actionUrl: links.dispute(d.disputeId, 'messages'),
    actionText: 'Read the answer',
  })),
);

const OUTCOME_WORDS: Record<string, string> = {
  upheld: 'upheld (decided for the claimant)',
  rejected: 'rejected (decided for the owner)',
  settled: 'settled',
  dismissed: 'dismissed',
  cleared: 'cleared',
  refused: 'refused',
};

on(DisputeResolved, async (tx, d, recorded) => {
  const appeal = d.appealUntil > d.resolvedAt ? ` Either party may appeal until ${when(d.appealUntil)}.` : '';
  const compensation = d.compensationCents > 0 ? ` Compensation: ${money(d.compensationCents)}.` : '';
  return notifyOtherParties(tx, recorded, d.disputeId, null, (dispute, userId) => ({
    type: d.outcome === 'upheld' && userId === dispute.ownerId ? 'error' : 'info',
    title: 'A case was resolved',
    message: `${capitalized(caseName(dispute.subject, dispute.workTitle))} was ${OUTCOME_WORDS[d.outcome] ?? d.outcome}${d.byDefault ? ' by default, as the claim was not answered in time' : ''}.${compensation}${appeal}`,
    actionUrl: links.dispute(d.disputeId, 'resolution'),
    actionText: 'See the resolution',
  }));
});

on(DisputeAppealed, async (tx, d, recorded) =>
  notifyOtherParties(tx, recorded, d.disputeId, d.by.userId, (dispute) => ({
    type: 'warning',
    title: 'A resolution was appealed',
    message: `${d.by.name} appealed the resolution of ${caseName(dispute.subject, dispute.workTitle)}: "${d.reason}". A reviewer will decide again.`,
    actionUrl: links.dispute(d.disputeId, 'resolution'),
    actionText: 'Open the case',
  })),
);

on(DisputeDeadlineReminded, async (tx, d, recorded) => {
  const dispute = tx.lookup('dispute', d.disputeId);
  if (!dispute) return [];
  const name = DEADLINE_NAMES[d.kind];
  const days = d.daysBefore === 1 ? '1 day' : `${d.daysBefore} days`;
  return tx.notify(recorded,
    parties(dispute, d.party).map((userId) => ({
      userId,
      kind: 'deadline',
      type: 'warning',
      title: `The ${name} deadline is in ${days}`,
      message: `The ${name} deadline in ${caseName(dispute.subject, dispute.workTitle)} is due ${when(d.dueAt)}. ${DEADLINE_CONSEQUENCES[d.kind]}`,
      actionUrl: links.dispute(d.disputeId, d.kind === 'evidence' ? 'evidence' : d.kind === 'appeal' ? 'resolution' : undefined),
      actionText: 'Open the case',
    })),
  );
});

// ---- royalty receivers ----------------------------------------------------------------------

on(RoyaltyReceiverAdded, async (tx, d) => {
  tx.remember('receiver', `${d.contentId}:${d.receiverId}`, { ownerId: d.ownerId, name: d.receiverName, email: d.receiverEmail, percentage: d.royaltyPercentage });
  return [];
});

/** The receiver and the title of the content they share. */
async function receiverOf(tx: Batch, contentId: string, receiverId: string) {
  const receiver = tx.lookup('receiver', `${contentId}:${receiverId}`);
  const track = tx.lookup('track', contentId);
  return receiver ? { receiver, title: track?.title ?? 'your track' } : null;
}

on(RoyaltyInvitationSent, async (tx, d, recorded) => {
  const found = await receiverOf(tx, d.contentId, d.receiverId);
  if (!found) return [];
  const { receiver, title } = found;
  const notices: Notice[] = [
    {
      userId: receiver.ownerId,
      kind: 'royalty_receivers',
      type: 'info',
      title: 'Royalty invitation sent',
      message: `${receiver.name} <${receiver.email}> was invited to receive ${receiver.percentage} % of "${title}".`,
      actionUrl: links.contracts,
      actionText: 'See your receivers',
    },
  ];
  // The invitee, when a user confirmed that address: told in app; the invitation mail itself is their mail.
  const { rows } = await tx.query<{ user_id: string }>('SELECT user_id FROM notification_recipients WHERE email = $1', [receiver.email]);
  for (const { user_id: invitee } of rows) {
    if (invitee === receiver.ownerId) continue;
    notices.push({
      userId: invitee,
      kind: 'royalty_invitation',
      type: 'info',
      title: 'You are invited to receive royalties',
      message: `You are invited to receive ${receiver.percentage} % of the royalties of "${title}". Accept or decline with the link mailed to ${receiver.email}.`,
      actionUrl: null,
      actionText: null,
      mailable: false,
    });
  }
  return tx.notify(recorded, notices);
});

on(RoyaltyInvitationAccepted, async (tx, d, recorded) => {
  const found = await receiverOf(tx, d.contentId, d.receiverId);
  if (!found) return [];
  return tx.notify(recorded, [
    {
      userId: found.receiver.ownerId,
      kind: 'royalty_receivers',
      type: 'success',
      title: 'Royalty invitation accepted',
      message: `${found.receiver.name} accepted ${found.receiver.percentage} % of the royalties of "${found.title}"; they share the next payouts.`,
      actionUrl: links.contracts,
      actionText: 'See your receivers',
    },
  ]);
});

on(RoyaltyInvitationDeclined, async (tx, d, recorded) => {
  const found = await receiverOf(tx, d.contentId, d.receiverId);
  if (!found) return [];
  return tx.notify(recorded, [
    {
      userId: found.receiver.ownerId,
      kind: 'royalty_receivers',
      type: 'warning',
      title: 'Royalty invitation declined',
      message: `${found.receiver.name} declined ${found.receiver.percentage} % of the royalties of "${found.title}"; their share stays yours.`,
      actionUrl: links.contracts,
      actionText: 'See your receivers',
    },
  ]);
});

// ---- royalty payouts ------------------------------------------------------------------------

on(RoyaltyContractCreated, async (tx, d) => {
  tx.remember('contract', d.contractId, { ownerId: d.ownerId, contentTitle: d.contentTitle });
  return [];
});

on(RoyaltyPayoutRunStarted, async (tx, d) => {
  tx.remember('payout-run', `${d.contractId}:${d.runId}`, { lines: d.lines.map((line) => ({ userId: line.userId, amountCents: line.amountCents, party: line.party })) });
  return [];
});

on(RoyaltyPayoutLinePaid, async (tx, d, recorded) => {
  const run = tx.lookup('payout-run', `${d.contractId}:${d.runId}`);
  const line = run?.lines[d.lineIndex];
  if (!line?.userId || line.party === 'platform' || line.amountCents === 0) return [];
  const contract = tx.lookup('contract', d.contractId);
  const title = contract ? `"${contract.contentTitle}"` : 'a royalty contract';
  const how = d.method === 'xrpl_payment' ? ' on the XRP Ledger' : d.method === 'token_credit' ? ' as tokens' : '';
  const unpaid = d.method === 'recorded';
  return tx.notify(recorded, [
    {
      userId: line.userId,
      kind: 'payouts',
      type: unpaid ? 'warning' : 'success',
      title: unpaid ? 'Payout recorded, not paid' : 'Royalty payout paid',
      message: unpaid
        ? `Your ${money(line.amountCents)} share from ${title} was recorded but not paid${d.reason ? `: ${d.reason}` : '.'}`
        : `${money(line.amountCents)} from ${title} was paid to you${how}.${d.reason ? ` ${d.reason}` : ''}`,
      actionUrl: links.contracts,
      actionText: 'See the payouts',
    },
  ]);
});

// ---- releases -------------------------------------------------------------------------------

on(ReleaseRequested, async (tx, d) => {
  tx.remember('release', d.distributionId, { ownerId: d.ownerId, songName: d.form.songName, stores: d.form.selectedStores });
  return [];
});

async function aboutRelease(tx: Batch, distributionId: string, recorded: RecordedEvent, notice: (release: Subjects['release']) => Pick<Notice, 'type' | 'title' | 'message'>) {
  const release = tx.lookup('release', distributionId);
  if (!release) return [];
  return tx.notify(recorded, [{ userId: release.ownerId, kind: 'releases', actionUrl: links.releases, actionText: 'See the release', ...notice(release) }]);
}

on(ReleaseDelivered, (tx, d, recorded) =>
  aboutRelease(tx, d.distributionId, recorded, (release) => ({
    type: d.reachesStores ? 'success' : 'info',
    title: 'Release delivered',
    message: `"${release.songName}" was delivered to ${d.distributor}.${d.notice ? ` ${d.notice}` : ''}`,
  })),
);

on(ReleaseStoreStateChanged, (tx, d, recorded) => {
  if (d.state !== 'distributed' && d.state !== 'failed') return none;
  const store = STORES.find((candidate) => candidate.id === d.storeId)?.name ?? d.storeId;
  return aboutRelease(tx, d.distributionId, recorded, (release) =>
    d.state === 'distributed'
      ? { type: 'success', title: `Live on ${store}`, message: `"${release.songName}" is distributed on ${store}.` }
      : { type: 'error', title: `Rejected by ${store}`, message: `${store} did not take "${release.songName}"${d.reason ? `: ${d.reason}` : '.'}` },
  );
});

on(ReleaseFailed, (tx, d, recorded) =>
  aboutRelease(tx, d.distributionId, recorded, (release) => ({ type: 'error', title: 'Release failed', message: `The release of "${release.songName}" stopped at its ${d.step} step: ${d.reason}` })),
);

// ---- licenses -------------------------------------------------------------------------------

on(LicensePurchaseRequested, async (tx, d) => {
  tx.remember('license', d.licenseId, { ownerId: d.ownerId, buyerId: d.buyerId, workTitle: d.workTitle, priceCents: d.priceCents, currency: d.currency, licenseType: d.offer.type });
  return [];
});

on(LicenseIssued, async (tx, d, recorded) => {
  const license = tx.lookup('license', d.licenseId);
  if (!license) return [];
  const price = money(license.priceCents, license.currency);
  const type = license.licenseType.replaceAll('_', ' ');
  return tx.notify(recorded, [
    {
      userId: license.ownerId,
      kind: 'licenses',
      type: 'success',
      title: 'License sold',
      message: `A ${type} license to "${license.workTitle}" was sold for ${price}.`,
      actionUrl: links.licensesSold,
      actionText: 'See your sales',
    },
    {
      userId: license.buyerId,
      kind: 'licenses',
      type: 'success',
      title: 'License bought',
      message: `Your ${type} license to "${license.workTitle}" (${price}) is issued with its signed certificate.`,
      actionUrl: links.licensesBought,
      actionText: 'See your licenses',
    },
  ]);
});

on(LicensePurchaseFailed, async (tx, d, recorded) => {
  const license = tx.lookup('license', d.licenseId);
  if (!license) return [];
  return tx.notify(recorded, [
    {
      userId: license.buyerId,
      kind: 'licenses',
      type: 'error',
      title: 'License purchase failed',
      message: `Buying a license to "${license.workTitle}" failed: ${d.reason}${d.refunded ? ' The payment was refunded.' : ''}`,
      actionUrl: links.licensesBought,
      actionText: 'See your licenses',
    },
  ]);
});

// ---- API keys -------------------------------------------------------------------------------

on(ApiKeyCreated, async (tx, d) => {
  tx.remember('api-key', d.keyId, { ownerId: d.ownerId, keyName: d.keyName });
  return [];
});

on(ApiKeySuspended, async (tx, d, recorded) => {
  const key = tx.lookup('api-key', d.keyId);
  if (!key) return [];
  return tx.notify(recorded, [
    {
      userId: key.ownerId,
      kind: 'api_keys',
      type: 'error',
      title: 'API key suspended',
      message: `Your API key "${key.keyName}" was suspended: ${d.reason}. Requests with it are refused; make a new key.`,
      actionUrl: links.developer,
      actionText: 'Open the developer tab',
    },
  ]);
});

// ---- tokens ---------------------------------------------------------------------------------

/** Whether a movement took the free balance from above the low threshold to it or below: a warning once per crossing. */
function crossedLow(moved: { before: number; after: number }): boolean {
  return moved.before > LOW_BALANCE_MICROS && moved.after <= LOW_BALANCE_MICROS;
}

async function spent(tx: Batch, recorded: RecordedEvent, userId: string, amountMicros: number): Promise<ReadModelChange[]> {
  const moved = tx.moveBalance(recorded, userId, -amountMicros);
  if (!moved || !crossedLow(moved)) return [];
  return tx.notify(recorded, [
    {
      userId,
      kind: 'wallet',
      type: 'warning',
      title: 'Token balance low',
      message: `You have ${tokens(moved.after)} left (the warning is at ${LOW_BALANCE_WARNING_TOKENS} tokens). Mastering, checks and registrations need tokens.`,
      actionUrl: links.buyTokens,
      actionText: 'Buy tokens',
    },
  ]);
}

on(TokensCreditedToAccount, async (tx, d, recorded) => {
  const moved = tx.moveBalance(recorded, d.userId, d.amountMicros);
  const title = CREDIT_TITLES[d.cause];
  if (!moved || !title) return [];
  return tx.notify(recorded, [
    {
      userId: d.userId,
      kind: 'wallet',
      type: 'success',
      title,
      message: `${tokens(d.amountMicros)} credited: ${d.description || d.cause.replaceAll('_', ' ')}. Your free balance is ${tokens(moved.after)}.`,
      actionUrl: null,
      actionText: null,
    },
  ]);
});

on(TokensHeld, (tx, d, recorded) => spent(tx, recorded, d.userId, d.amountMicros));
on(TokensDebitedFromAccount, (tx, d, recorded) => spent(tx, recorded, d.userId, d.amountMicros));
on(TokenHoldReleased, async (tx, d, recorded) => {
  tx.moveBalance(recorded, d.userId, d.amountMicros);
  return [];
});

// ---- support tickets ------------------------------------------------------------------------

/** Who holds the support role: kept per user at the version of their stream, so a replayed grant after a revocation changes nothing. */
async function setSupportStaff(tx: Batch, recorded: RecordedEvent, userId: string, active: boolean): Promise<ReadModelChange[]> {
  await tx.query(
    `INSERT INTO notification_support_staff (user_id, active, stream_version) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET active = excluded.active, stream_version = excluded.stream_version
     WHERE notification_support_staff.stream_version < excluded.stream_version`,
    [userId, active, recorded.streamVersion],
  );
  return [];
}

on(UserRoleGranted, (tx, d, recorded) => (d.role === 'support' ? setSupportStaff(tx, recorded, d.userId, true) : none));
on(UserRoleRevoked, (tx, d, recorded) => (d.role === 'support' ? setSupportStaff(tx, recorded, d.userId, false) : none));

on(SupportTicketOpened, async (tx, d, recorded) => {
  tx.remember('support-ticket', d.ticketId, { requesterId: d.requester.userId, title: d.title });
  const { rows } = await tx.query<{ user_id: string }>('SELECT user_id FROM notification_support_staff WHERE active AND user_id <> $1 ORDER BY user_id', [d.requester.userId]);
  const handedOver = d.handoff ? ' The support agent handed the conversation over; its transcript and sources are on the ticket.' : '';
  return tx.notify(
    recorded,
    rows.map(({ user_id: userId }) => ({
      userId,
      kind: 'support',
      type: d.priority === 'urgent' || d.priority === 'high' ? 'warning' : 'info',
      title: 'New support ticket',
      message: `${d.requester.name} opened "${d.title}" (${d.category.replaceAll('-', ' ')}, ${d.priority} priority).${handedOver}`,
      actionUrl: links.supportQueue(d.ticketId),
      actionText: 'Open it in the queue',
    })),
  );
});

/** A reply from support (never an internal note) reaches the requester. */
on(SupportMessagePosted, async (tx, d, recorded) => {
  const ticket = tx.lookup('support-ticket', d.ticketId);
  if (!ticket || d.authorRole !== 'support' || d.internal || d.author.userId === ticket.requesterId) return [];
  const text = d.message.length > 160 ? `${d.message.slice(0, 157)}…` : d.message;
  const files = d.attachments.length > 0 ? ` (${d.attachments.length === 1 ? 'a file' : `${d.attachments.length} files`} attached)` : '';
  return tx.notify(recorded, [
    {
      userId: ticket.requesterId,
      kind: 'support',
      type: 'info',
      title: 'Support replied',
      message: `${d.author.name} replied on "${ticket.title}"${files}${text ? `: "${text}"` : '.'}`,
      actionUrl: links.supportTicket(d.ticketId),
      actionText: 'Read the reply',
    },
  ]);
});

const STATUS_WORDS: Record<string, string> = {
  open: 'is open again',
  'in-progress': 'is being worked on',
  resolved: 'was marked resolved: reply on it if anything is still wrong, and it opens again',
  closed: 'was closed',
};

/** A status move the requester did not make themselves (nor a reply, which has its own notice). */
on(SupportTicketStatusChanged, async (tx, d, recorded) => {
  const ticket = tx.lookup('support-ticket', d.ticketId);
  if (!ticket || d.cause === 'reply' || d.by.userId === ticket.requesterId) return [];
  return tx.notify(recorded, [
    {
      userId: ticket.requesterId,
      kind: 'support',
      type: d.to === 'resolved' ? 'success' : 'info',
      title: `Ticket ${d.to.replace('-', ' ')}`,
      message: `Your ticket "${ticket.title}" ${STATUS_WORDS[d.to] ?? `is ${d.to}`} (${d.by.name}).`,
      actionUrl: links.supportTicket(d.ticketId),
      actionText: 'Open the ticket',
    },
  ]);
});

// ---- the user's address and inbox -----------------------------------------------------------

async function setRecipient(tx: Batch, recorded: RecordedEvent, userId: string, email: string | null): Promise<ReadModelChange[]> {
  await tx.query(
    `INSERT INTO notification_recipients (user_id, email, stream_version) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, stream_version = excluded.stream_version
     WHERE notification_recipients.stream_version < excluded.stream_version`,
    [userId, email, recorded.streamVersion],
  );
  return [];
}

on(UserEmailConfirmed, (tx, d, recorded) => setRecipient(tx, recorded, d.userId, d.email.toLowerCase()));
on(UserEmailRemoved, (tx, d, recorded) => setRecipient(tx, recorded, d.userId, null));

async function inboxRow(tx: Batch, userId: string): Promise<void> {
  await tx.query(`INSERT INTO notification_inbox (user_id, read_up_to, preferences) VALUES ($1, NULL, '{}'::jsonb) ON CONFLICT (user_id) DO NOTHING`, [userId]);
}

on(NotificationRead, async (tx, d, recorded) => {
  const made = await tx.flushNotifications();
  const { rows } = await tx.query<{ id: string }>('UPDATE notifications SET read = true WHERE id = $1 AND user_id = $2 AND NOT read RETURNING id', [d.notificationId, d.userId]);
  return rows[0] ? [...made, readModelChange('notifications', recorded, d.userId, d.notificationId)] : made;
});

on(NotificationsReadUpTo, async (tx, d, recorded) => {
  const made = await tx.flushNotifications();
  await inboxRow(tx, d.userId);
  await tx.query('UPDATE notification_inbox SET read_up_to = GREATEST(COALESCE(read_up_to, $2), $2) WHERE user_id = $1', [d.userId, d.upTo]);
  await tx.query('UPDATE notifications SET read = true WHERE user_id = $1 AND created_at <= $2 AND NOT read', [d.userId, d.upTo]);
  return [...made, readModelChange('notifications', recorded, d.userId, d.userId)];
});

on(NotificationDeleted, async (tx, d, recorded) => {
  const made = await tx.flushNotifications();
  const { rows } = await tx.query<{ id: string }>('UPDATE notifications SET deleted = true WHERE id = $1 AND user_id = $2 AND NOT deleted RETURNING id', [d.notificationId, d.userId]);
  return rows[0] ? [...made, readModelChange('notifications', recorded, d.userId, d.notificationId)] : made;
});

on(NotificationPreferencesChanged, async (tx, d, recorded) => {
  await inboxRow(tx, d.userId);
  await tx.query('UPDATE notification_inbox SET preferences = $2::jsonb WHERE user_id = $1', [d.userId, JSON.stringify(d.preferences)]);
  return [readModelChange('notifications', recorded, d.userId, d.userId)];
});

async function applyBatch(tx: Queryable, events: readonly RecordedEvent[]): Promise<ReadModelChange[]> {
  const batch = new Batch(tx);
  await batch.prefetch(events);
  const changes: ReadModelChange[] = [];
  for (const recorded of events) {
    const handler = handlers.get(recorded.type);
    if (handler) changes.push(...(await handler(batch, recorded.data as never, recorded)));
  }
  changes.push(...(await batch.finish()));
  return changes;
}

export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 2,
  tables: ['notifications', 'notification_inbox', 'notification_subjects', 'notification_recipients', 'notification_balances', 'notification_support_staff'],
  schema: `
    CREATE TABLE IF NOT EXISTS notifications (
      id text PRIMARY KEY,
      -- The order the notifications were made in: events appended together share their instant.
      seq bigserial NOT NULL,
      user_id text NOT NULL,
      kind text NOT NULL,
      type text NOT NULL,
      title text NOT NULL,
      message text NOT NULL,
      action_url text,
      action_text text,
      mailable boolean NOT NULL,
      read boolean NOT NULL DEFAULT false,
      deleted boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      source_event_id text NOT NULL
    );
    CREATE INDEX IF NOT EXISTS notifications_user_idx ON notifications (user_id, created_at DESC, seq DESC);
    CREATE INDEX IF NOT EXISTS notifications_mailable_idx ON notifications (created_at, seq) WHERE mailable;
    CREATE TABLE IF NOT EXISTS notification_inbox (
      user_id text PRIMARY KEY,
      read_up_to timestamptz,
      preferences jsonb NOT NULL
    );
    CREATE TABLE IF NOT EXISTS notification_subjects (
      subject text PRIMARY KEY,
      data jsonb NOT NULL
    );
    CREATE TABLE IF NOT EXISTS notification_recipients (
      user_id text PRIMARY KEY,
      email text,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS notification_recipients_email_idx ON notification_recipients (email);
    CREATE TABLE IF NOT EXISTS notification_balances (
      user_id text PRIMARY KEY,
      available_micros bigint NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE TABLE IF NOT EXISTS notification_support_staff (
      user_id text PRIMARY KEY,
      active boolean NOT NULL,
      stream_version integer NOT NULL
    );`,
  handles: new Set(handlers.keys()),
  // The projector uses applyAll, which announces every recipient; apply names the first.
  async apply(tx, recorded) {
    return (await applyBatch(tx, [recorded]))[0] ?? null;
  },
  applyAll: applyBatch,
};
