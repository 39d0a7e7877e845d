// Reads of the receivers read model: the owner's lists, one receiver, what an invitation shows
// (the payouts' ReceiversOf port reads the same table: infra/royalties/receivers-of.ts).
import type { Invitation, Receiver } from '../../domain/contracts/royalties';
import type { Queryable } from '../../infra/db/db';

interface ReceiverRow {
  id: string;
  content_id: string;
  owner_id: string;
  receiver_name: string;
  receiver_email: string;
  royalty_percentage: string;
  receiver_wallet: string | null;
  invitation_status: Receiver['invitationStatus'];
  invitation_sent_at: Date | null;
  accepted_user_id: string | null;
  accepted_at: Date | null;
}

const COLUMNS = `id::text, content_id::text, owner_id::text, receiver_name, receiver_email, royalty_percentage::text, receiver_wallet,
  invitation_status, invitation_sent_at, accepted_user_id::text, accepted_at`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export interface ReceiverRecord extends Receiver {
  ownerId: string;
  acceptedUserId: string | null;
}

function toRecord(row: ReceiverRow): ReceiverRecord {
  return {
    id: row.id,
    contentId: row.content_id,
    ownerId: row.owner_id,
    receiverName: row.receiver_name,
    receiverEmail: row.receiver_email,
    royaltyPercentage: Number(row.royalty_percentage),
    receiverWallet: row.receiver_wallet,
    invitationStatus: row.invitation_status,
    invitationSentAt: iso(row.invitation_sent_at),
    acceptedAt: iso(row.accepted_at),
    acceptedUserId: row.accepted_user_id,
  };
}

/** The API's view: without the owner and the accepting user's ids. */
export function toReceiver({ ownerId: _ownerId, acceptedUserId: _acceptedUserId, ...receiver }: ReceiverRecord): Receiver {
  return receiver;
}

/** The owner's receivers, of one content item or of all their content, in the order they were added. */
export async function listOwnerReceivers(db: Queryable, ownerId: string, contentId?: string): Promise<ReceiverRecord[]> {
  if (contentId !== undefined && !UUID.test(contentId)) return [];
  const { rows } = await db.query<ReceiverRow>(
    `SELECT ${COLUMNS} FROM royalty_receivers WHERE owner_id = $1 AND removed_at IS NULL AND ($2::uuid IS NULL OR content_id = $2::uuid) ORDER BY created_at, id`,
    [ownerId, contentId ?? null],
  );
  return rows.map(toRecord);
}

/** One receiver that is not removed, whoever owns it; null when there is none. */
export async function findReceiver(db: Queryable, receiverId: string): Promise<ReceiverRecord | null> {
  if (!UUID.test(receiverId)) return null;
  const { rows } = await db.query<ReceiverRow>(`SELECT ${COLUMNS} FROM royalty_receivers WHERE id = $1 AND removed_at IS NULL`, [receiverId]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** What the invitation page shows: the receiver's share, the content's title and who invites. */
export async function findInvitation(db: Queryable, contentId: string, receiverId: string): Promise<Invitation | null> {
  const { rows } = await db.query<{ receiver_name: string; receiver_email: string; royalty_percentage: string; invitation_status: Invitation['invitationStatus']; title: string | null; username: string | null }>(
    `SELECT r.receiver_name, r.receiver_email, r.royalty_percentage::text, r.invitation_status, v.state->'upload'->>'title' AS title, u.username
       FROM royalty_receivers r
       LEFT JOIN vault_items v ON v.id = r.content_id
       LEFT JOIN users u ON u.id = r.owner_id
      WHERE r.id = $1 AND r.content_id = $2 AND r.removed_at IS NULL`,
    [receiverId, contentId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    receiverName: row.receiver_name,
    receiverEmail: row.receiver_email,
    royaltyPercentage: Number(row.royalty_percentage),
    contentTitle: row.title ?? 'Untitled',
    creatorName: row.username ?? 'A GOOSE creator',
    invitationStatus: row.invitation_status,
  };
}
