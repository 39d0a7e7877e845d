// The waiting_list_entries read model: one row per address on the streaming platform's waiting
// list, with its priority (the first join's, or the latest proven choice), affiliate code, the code
// it joined through and when it was confirmed.
// The stats, one's own status and the referral counts are read from here; a referral counts when
// the referred row is confirmed. Links (issued, used) stay in the entry's stream: the decider needs
// them, no screen does. No change is announced over the websocket: the page polls the stats, and a
// visitor has no socket. Inserts do nothing on a replay, confirmation keeps the first time and a
// priority choice replaces only an older one, so a replayed event changes nothing.
import { WaitingListEntryConfirmed, WaitingListJoined, WaitingListPriorityChosen, type WaitingListEvent } from '../../domain/waiting-list/waiting-list.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import type { Projection, ReadModelChange } from '../projection';

export const waitingListProjection: Projection = {
  name: 'waiting-list',
  version: 1,
  tables: ['waiting_list_entries'],
  schema: `
    CREATE TABLE IF NOT EXISTS waiting_list_entries (
      entry_id text PRIMARY KEY,
      email text NOT NULL,
      user_id text,
      is_priority boolean NOT NULL,
      affiliate_code text NOT NULL UNIQUE,
      referred_by_code text,
      referrer_entry_id text,
      joined_at timestamptz NOT NULL,
      confirmed_at timestamptz,
      priority_chosen_at timestamptz
    );
    CREATE INDEX IF NOT EXISTS waiting_list_entries_user_idx ON waiting_list_entries (user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS waiting_list_entries_referrer_idx ON waiting_list_entries (referred_by_code) WHERE confirmed_at IS NOT NULL;`,
  handles: new Set([WaitingListJoined.type, WaitingListEntryConfirmed.type, WaitingListPriorityChosen.type]),
  async apply(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
    const event = { type: recorded.type, data: recorded.data } as WaitingListEvent;
    if (event.type === 'WaitingListJoined') {
      const d = event.data;
      await tx.query(
        `INSERT INTO waiting_list_entries (entry_id, email, user_id, is_priority, affiliate_code, referred_by_code, referrer_entry_id, joined_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (entry_id) DO NOTHING`,
        [d.entryId, d.email, d.userId, d.isPriority, d.affiliateCode, d.referredBy?.code ?? null, d.referredBy?.referrerEntryId ?? null, d.joinedAt],
      );
    } else if (event.type === 'WaitingListEntryConfirmed') {
      await tx.query('UPDATE waiting_list_entries SET confirmed_at = $2 WHERE entry_id = $1 AND confirmed_at IS NULL', [event.data.entryId, event.data.confirmedAt]);
    } else if (event.type === 'WaitingListPriorityChosen') {
      // Only a later choice replaces an earlier one, so replaying an older event changes nothing.
      await tx.query('UPDATE waiting_list_entries SET is_priority = $2, priority_chosen_at = $3 WHERE entry_id = $1 AND (priority_chosen_at IS NULL OR priority_chosen_at < $3)', [
        event.data.entryId,
        event.data.isPriority,
        event.data.chosenAt,
      ]);
    }
    return null;
  },
};
