// Grants a role in a test the way the ops CLI does (the user decider through handleCommand), and
// waits until the read models have seen it.
import type { GrantableRole } from '../../domain/contracts/roles';
import type { EventStore } from '../../infra/eventstore/event-store';
import { changeRole } from '../../infra/identity/role-grants';
import type { Projector } from '../../projections/projector';

export async function grantRole(deps: { eventStore: EventStore; projector?: Projector }, userId: string, role: GrantableRole): Promise<void> {
  const { result } = await changeRole(deps.eventStore, { userId, role, action: 'grant', by: 'ops-cli:test' });
  if (result && deps.projector) await deps.projector.waitFor(result.lastPosition);
}

export async function revokeRole(deps: { eventStore: EventStore; projector?: Projector }, userId: string, role: GrantableRole): Promise<void> {
  const { result } = await changeRole(deps.eventStore, { userId, role, action: 'revoke', by: 'ops-cli:test' });
  if (result && deps.projector) await deps.projector.waitFor(result.lastPosition);
}
