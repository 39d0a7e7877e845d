// RolesOf over the event store: folds the user's stream (`user-<id>`) through the user decider's
// evolve, so a role granted or revoked counts from the next request on. A suspended account has no
// viewer: every route that asks for a role answers it 401 from the next request on.
import { evolveUser, initialUserState, rolesOfUser } from '../../domain/identity/user.decider';
import type { RolesOf } from '../../domain/identity/ports';
import { userStreamId, type UserEvent } from '../../domain/identity/user.events';
import type { EventStore } from '../eventstore/event-store';

export function eventStoreRolesOf(eventStore: EventStore): RolesOf {
  return async (userId) => {
    const recorded = await eventStore.readStream(userStreamId(userId));
    const state = recorded.reduce((s, e) => evolveUser(s, { type: e.type, data: e.data } as UserEvent), initialUserState);
    if (state.status !== 'registered' || state.suspension) return null;
    return { userId: state.userId, username: state.username, roles: rolesOfUser(state) };
  };
}
