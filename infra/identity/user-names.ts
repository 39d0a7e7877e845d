// UserNames over the platform's storage: the users read model's row (one indexed read), else the
// user's own stream, which an account registered a moment ago reaches before the read model does.
// A username never changes, so both answer the same; the stream is read only when the row is missing.
import type { UserNames } from '../../domain/identity/ports';
import type { Queryable } from '../db/db';
import type { EventStore } from '../eventstore/event-store';
import { eventStoreRolesOf } from './roles-of';

export function storedUserNames(db: Queryable, eventStore: EventStore): UserNames {
  const fromStream = eventStoreRolesOf(eventStore);
  return {
    async nameOf(userId) {
      const { rows } = await db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [userId]);
      if (rows[0]) return rows[0].username;
      return (await fromStream(userId))?.username ?? null;
    },
  };
}
