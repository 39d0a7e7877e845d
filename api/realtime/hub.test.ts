// The hub's operations messages: a ledger failure anywhere reaches the operators' sockets as the
// `operations` read model (and its owner's as their own), never another user's, and an operator
// whose role was revoked stops hearing them. Support tickets' changes reach the requester and the
// support users, never another creator. A suspended account's sockets close, nobody else's.
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Role } from '../../domain/contracts/roles';
import type { ReadModelChange } from '../../projections/projection';
import { ACCOUNT_SUSPENDED_CLOSE_CODE } from '../../domain/contracts/realtime';
import { RealtimeHub } from './hub';

function socket(): { socket: WebSocket; messages: Array<{ type: string; readModel?: string; eventType?: string }>; closed: number[] } {
  const messages: Array<{ type: string; readModel?: string }> = [];
  const closed: number[] = [];
  const fake = { readyState: 1, OPEN: 1, send: (data: string) => messages.push(JSON.parse(data)), on: () => undefined, close: (code: number) => closed.push(code) };
  return { socket: fake as unknown as WebSocket, messages, closed };
}

/** A socket as the route opens it: registered, its roles noted, then started (hello, no resume). */
async function connect(hub: RealtimeHub, userId: string, fake: WebSocket, roles: readonly string[] = []): Promise<void> {
  hub.add(userId, fake);
  hub.addRoleHolder(userId, roles);
  await hub.start(fake, userId, { roles, after: null });
}

const change = (eventType: string, ownerId: string): ReadModelChange => ({
  readModel: 'vault', ownerId, subjectId: 'track-1', streamId: 'track-track-1', eventType, workflowId: null, recordedAt: '2026-11-26T12:00:00.000Z',
});

describe('realtime hub: operations', () => {
  it('tells operators about a failed ledger step anywhere, and stops once the role is revoked', async () => {
    const roles = new Map<string, Role[]>([['op', ['creator', 'operator']], ['other', ['creator']], ['owner', ['creator']]]);
    const hub = new RealtimeHub(async (userId) => ({ userId, username: userId, roles: roles.get(userId) ?? [] }));
    const [op, other, owner] = [socket(), socket(), socket()];
    await connect(hub, 'op', op.socket, ['creator', 'operator']);
    await connect(hub, 'other', other.socket);
    await connect(hub, 'owner', owner.socket);

    hub.publish(change('TrackRegistrationFailed', 'owner'));
    hub.publish(change('TrackMastered', 'owner'));
    await expect.poll(() => op.messages.filter((m) => m.type === 'event')).toEqual([expect.objectContaining({ readModel: 'operations', eventType: 'TrackRegistrationFailed' })]);
    expect(owner.messages.filter((m) => m.type === 'event').map((m) => m.readModel)).toEqual(['vault', 'vault']);
    expect(other.messages.filter((m) => m.type === 'event')).toEqual([]);

    roles.set('op', ['creator']);
    hub.publish(change('TrackRegistrationFailed', 'owner'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(op.messages.filter((m) => m.type === 'event')).toHaveLength(1);
  });
});

describe('realtime hub: the support queue', () => {
  it("tells a ticket's change to its requester and every support user, never another creator; a revoked support user stops hearing", async () => {
    const roles = new Map<string, Role[]>([['staff', ['creator', 'support']], ['creator', ['creator']], ['requester', ['creator']]]);
    const hub = new RealtimeHub(async (userId) => ({ userId, username: userId, roles: roles.get(userId) ?? [] }));
    const [staff, creator, requester] = [socket(), socket(), socket()];
    await connect(hub, 'staff', staff.socket, roles.get('staff')!);
    await connect(hub, 'creator', creator.socket, roles.get('creator')!);
    await connect(hub, 'requester', requester.socket);

    const ticketChange: ReadModelChange = { ...change('SupportMessagePosted', 'requester'), readModel: 'support', alsoToRole: 'support' };
    hub.publish(ticketChange);
    await expect.poll(() => staff.messages.filter((m) => m.type === 'event')).toEqual([expect.objectContaining({ readModel: 'support', eventType: 'SupportMessagePosted' })]);
    expect(requester.messages.filter((m) => m.type === 'event')).toEqual([expect.objectContaining({ readModel: 'support' })]);
    expect(creator.messages.filter((m) => m.type === 'event')).toEqual([]);

    // An internal note is the author's own change: told to them once, not twice.
    hub.publish({ ...ticketChange, ownerId: 'staff' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(staff.messages.filter((m) => m.type === 'event')).toHaveLength(2);

    roles.set('staff', ['creator']);
    hub.publish(ticketChange);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(staff.messages.filter((m) => m.type === 'event')).toHaveLength(2);
  });
});

describe('realtime hub: a suspended account', () => {
  it("closes every open socket of the suspended account, and no one else's", async () => {
    const hub = new RealtimeHub();
    const [first, second, other] = [socket(), socket(), socket()];
    await connect(hub, 'suspended', first.socket);
    await connect(hub, 'suspended', second.socket);
    await connect(hub, 'other', other.socket);
    hub.publish({ ...change('UserSuspended', 'suspended'), readModel: 'account' });
    expect([first.closed, second.closed, other.closed]).toEqual([[ACCOUNT_SUSPENDED_CLOSE_CODE], [ACCOUNT_SUSPENDED_CLOSE_CODE], []]);
  });
});
