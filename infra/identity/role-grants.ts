// Granting and revoking roles: the one path every caller takes (the ops CLI, tests, an operator
// later), through the user decider and handleCommand on the user's stream. A username is resolved
// from its claim stream, so a grant never waits for the users read model.
import { randomUUID } from 'node:crypto';
import type { Role } from '../../domain/contracts/roles';
import { decideUser, evolveUser, initialUserState, rolesOfUser } from '../../domain/identity/user.decider';
import { userStreamId, usernameStreamId } from '../../domain/identity/user.events';
import { NotFoundError } from '../../domain/shared/errors';
import { handleCommand } from '../eventstore/command-handler';
import type { AppendResult, EventStore } from '../eventstore/event-store';

const userDecider = { decide: decideUser, evolve: evolveUser, initialState: initialUserState };

export interface RoleChange {
  userId: string;
  username: string;
  /** False when the user already held the granted role (nothing appended). */
  changed: boolean;
  /** The user's roles after the change. */
  roles: Role[];
  result: AppendResult | null;
}

/** The account holding `username` (case-insensitive), from the username's claim stream and the user's stream. */
export async function userIdOfUsername(eventStore: EventStore, username: string): Promise<string> {
  const claims = await eventStore.readStream(usernameStreamId(username));
  for (const claim of [...claims].reverse()) {
    const { userId } = claim.data as { userId: string };
    const recorded = await eventStore.readStream(userStreamId(userId));
    if (recorded.some((e) => e.type === 'UserRegistered')) return userId;
  }
  throw new NotFoundError(`No user named ${username}`);
}

/** Grants (`grant`) or revokes (`revoke`) `role` to the user; `by` is who does it (an operator's name, `ops-cli:<os user>`). */
export async function changeRole(
  eventStore: EventStore,
  change: { userId: string; role: string; action: 'grant' | 'revoke'; by: string },
  now: Date = new Date(),
): Promise<RoleChange> {
  const at = now.toISOString();
  const command =
    change.action === 'grant'
      ? { type: 'GrantRole' as const, data: { userId: change.userId, role: change.role, grantedBy: change.by, grantedAt: at } }
      : { type: 'RevokeRole' as const, data: { userId: change.userId, role: change.role, revokedBy: change.by, revokedAt: at } };
  const { events, result, state } = await handleCommand(eventStore, userStreamId(change.userId), userDecider, command, {
    correlationId: randomUUID(),
    actor: change.by,
    now,
  });
  if (state.status !== 'registered') throw new NotFoundError('No such user');
  return { userId: state.userId, username: state.username, changed: events.length > 0, roles: rolesOfUser(state), result };
}

/** Grants or revokes `role` for the user named `username`, recorded as done by `by` (the ops CLI and the operator API). */
export async function changeRoleOfUsername(eventStore: EventStore, action: 'grant' | 'revoke', username: string, role: string, by: string): Promise<RoleChange> {
  const userId = await userIdOfUsername(eventStore, username);
  return changeRole(eventStore, { userId, role, action, by });
}
