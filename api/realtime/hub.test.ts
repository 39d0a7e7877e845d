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

function socket(): { socket: WebSocket; messages: Array<{ type: string; readModel?: string; eventType?: string; subjectId?: string }>; closed: number[] } {
  const messages: Array<{ type: string; readModel?: string; subjectId?: string }> = [];
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

describe('realtime hub: resuming a browser', () => {
  it('replays the missed changes before anything live, and drops a live change it has just replayed', async () => {
    const logged = (seq: number, subjectId: string): ReadModelChange => ({ ...change('TrackMastered', 'owner'), subjectId, seq });
    let releaseReplay!: () => void;
    const replayRead = new Promise<void>((resolve) => (releaseReplay = resolve));
    const asked: Array<{ after: number; roles: readonly string[] }> = [];
    const hub = new RealtimeHub(async (userId) => ({ userId, username: userId, roles: ['creator'] }), {
      head: async () => 12,
      async replay(after, audience) {
        asked.push({ after, roles: audience.roles });
        await replayRead;
        return [11, 12].map((seq) => ({ seq, change: logged(seq, `missed-${seq}`) }));
      },
    });
    const owner = socket();
    hub.add('owner', owner.socket);
    const starting = hub.start(owner.socket, 'owner', { roles: ['creator'], after: 10 });
    // Live while the replay is read: 12 is in the replay too, 13 is not.
    hub.publish(logged(12, 'missed-12'));
    hub.publish(logged(13, 'live-13'));
    expect(owner.messages).toEqual([]);
    releaseReplay();
    await starting;
    expect(asked).toEqual([{ after: 10, roles: [] }]);
    expect(owner.messages[0]).toEqual({ type: 'hello', userId: 'owner', seq: 12, resumed: true });
    expect(owner.messages.slice(1).map((m) => m.subjectId)).toEqual(['missed-11', 'missed-12', 'live-13']);
    // The live copy of a replayed change arriving late is dropped too; later changes go through.
    hub.publish(logged(11, 'missed-11'));
    hub.publish(logged(14, 'live-14'));
    expect(owner.messages.slice(4).map((m) => m.subjectId)).toEqual(['live-14']);
  });

  it('says it did not resume when the log no longer has the changes after the seq', async () => {
    const hub = new RealtimeHub(undefined, { head: async () => 500, replay: async () => null });
    const owner = socket();
    hub.add('owner', owner.socket);
    await hub.start(owner.socket, 'owner', { roles: [], after: 3 });
    expect(owner.messages).toEqual([{ type: 'hello', userId: 'owner', seq: 500, resumed: false }]);
  });
});
