// The ReceiversOf port payouts use, read from the receivers read model's table with SQL: the
// payout activities and the worker sit below projections/, so they reach the table through infra.
import type { ReceiverShare, ReceiversOf } from '../../domain/royalties/ports';
import type { Queryable } from '../db/db';

interface ReceiverShareRow {
  id: string;
  receiver_name: string;
  receiver_email: string;
  royalty_percentage: string;
  receiver_wallet: string | null;
  invitation_status: ReceiverShare['invitationStatus'];
  accepted_user_id: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A content item's current receivers (removed ones left out), oldest first. */
export function receiversOf(db: Queryable): ReceiversOf {
  return async (contentId) => {
    if (!UUID.test(contentId)) return [];
    const { rows } = await db.query<ReceiverShareRow>(
      `SELECT id::text, receiver_name, receiver_email, royalty_percentage::text, receiver_wallet, invitation_status, accepted_user_id::text
         FROM royalty_receivers WHERE content_id = $1 AND removed_at IS NULL ORDER BY created_at, id`,
      [contentId],
    );
    return rows.map(
      (row): ReceiverShare => ({
        receiverId: row.id,
        receiverName: row.receiver_name,
        receiverEmail: row.receiver_email,
        royaltyPercentage: Number(row.royalty_percentage),
        receiverWallet: row.receiver_wallet,
        invitationStatus: row.invitation_status,
        acceptedUserId: row.accepted_user_id,
      }),
    );
  };
}
