// The receivers read model: one row per royalty receiver of a content item, with its invitation's
// state (pending with the date it was sent, accepted by which user, declined) for the Royalty
// Receivers tab, the invitation page and the payouts (ReceiversOf). A removed receiver keeps its row
// with `removed_at` set and is left out of every listing. Each row records the version of the
// content's receivers stream it has folded, so a replayed event changes nothing.
import type { z } from 'zod';
import {
  ROYALTY_RECEIVERS_EVENT_TYPES,
  type RoyaltyReceiverAdded,
  type RoyaltyReceiversEvent,
} from '../../domain/royalties/royalty-receivers.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

export const receiversProjection: Projection = {
  name: 'receivers',
  version: 1,
  tables: ['royalty_receivers'],
  schema: `
    CREATE TABLE IF NOT EXISTS royalty_receivers (
      id uuid PRIMARY KEY,
      content_id uuid NOT NULL,
      owner_id uuid NOT NULL,
      receiver_name text NOT NULL,
      receiver_email text NOT NULL,
      royalty_percentage numeric(5, 2) NOT NULL,
      receiver_wallet text,
      invitation_status text NOT NULL,
      invitation_sent_at timestamptz,
      accepted_user_id uuid,
      accepted_at timestamptz,
      declined_at timestamptz,
      removed_at timestamptz,
      created_at timestamptz NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS royalty_receivers_content_idx ON royalty_receivers (content_id, created_at);
    CREATE INDEX IF NOT EXISTS royalty_receivers_owner_idx ON royalty_receivers (owner_id, created_at);`,
  handles: ROYALTY_RECEIVERS_EVENT_TYPES,
  async apply(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
    const event = { type: recorded.type, data: recorded.data } as RoyaltyReceiversEvent;
    const version = recorded.streamVersion;
    if (event.type === 'RoyaltyReceiverAdded') {
      const d: z.output<typeof RoyaltyReceiverAdded.schema> = event.data;
      const { rows } = await tx.query<{ owner_id: string }>(
        `INSERT INTO royalty_receivers (id, content_id, owner_id, receiver_name, receiver_email, royalty_percentage, receiver_wallet, invitation_status, created_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9) ON CONFLICT (id) DO NOTHING RETURNING owner_id::text`,
        [d.receiverId, d.contentId, d.ownerId, d.receiverName, d.receiverEmail, d.royaltyPercentage, d.receiverWallet, recorded.recordedAt, version],
      );
      return rows[0] ? readModelChange('receivers', recorded, rows[0].owner_id, d.contentId) : null;
    }
    const claim = (set: string, values: unknown[]) =>
      tx.query<{ owner_id: string }>(
        `UPDATE royalty_receivers SET ${set}, stream_version = $2 WHERE id = $1 AND stream_version < $2 RETURNING owner_id::text`,
        [event.data.receiverId, version, ...values],
      );
    let claimed: { rows: { owner_id: string }[] };
    switch (event.type) {
      case 'RoyaltyInvitationSent':
        claimed = await claim('invitation_sent_at = $3', [event.data.sentAt]);
        break;
      case 'RoyaltyInvitationAccepted':
        claimed = await claim(`invitation_status = 'accepted', accepted_user_id = $3, accepted_at = $4`, [event.data.userId, event.data.acceptedAt]);
        break;
      case 'RoyaltyInvitationDeclined':
        claimed = await claim(`invitation_status = 'declined', declined_at = $3`, [event.data.declinedAt]);
        break;
      case 'RoyaltyReceiverRemoved':
        claimed = await claim('removed_at = $3', [event.data.removedAt]);
        break;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown royalty receivers event ${JSON.stringify(unknown)}`);
      }
    }
    const row = claimed.rows[0];
    return row ? readModelChange('receivers', recorded, row.owner_id, event.data.contentId) : null;
  },
};
