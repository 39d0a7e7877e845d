// A change announced while a query's first load is in flight must still reach the screen.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { invalidateAfterChange, keepRealtimeConnection, keysForEvent, RealtimeResume, realtimeUrl, reconnectDelayMs } from './use-realtime-invalidation';

describe('invalidateAfterChange', () => {
  it('refetches after a first load that started before the change', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let serverState = 'probe running';
    let calls = 0;
    const queryFn = () => {
      calls += 1;
      const seen = serverState; // the read happens now, the answer arrives later
      return new Promise<string>((resolve) => setTimeout(() => resolve(seen), 20));
    };
    const observer = new QueryObserver(queryClient, { queryKey: ['/api/vault'], queryFn });
    const unsubscribe = observer.subscribe(() => {});

    await new Promise((resolve) => setTimeout(resolve, 5)); // first load in flight
    serverState = 'probe completed'; // the change commits, then the websocket announces it
    await invalidateAfterChange(queryClient, ['/api/vault']);

    expect(queryClient.getQueryData(['/api/vault'])).toBe('probe completed');
    expect(calls).toBe(2);
    unsubscribe();
  });

  it('refetches once when the query already has data', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let calls = 0;
    const observer = new QueryObserver(queryClient, { queryKey: ['/api/user'], queryFn: async () => ++calls });
    const unsubscribe = observer.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 5));
    await invalidateAfterChange(queryClient, ['/api/user']);
    expect(calls).toBe(2);
    unsubscribe();
  });
});

describe('realtimeUrl', () => {
  it('uses the page origin with the websocket scheme', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'goose.example' } as Location)).toBe('wss://goose.example/api/ws');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' } as Location)).toBe('ws://localhost:5173/api/ws');
  });
});

describe('resuming after a reconnect', () => {
  const page = { protocol: 'https:', host: 'goose.example' } as Location;

  it('reconnects after the last seq it saw, and refetches nothing when the server replays what was missed', () => {
    const resume = new RealtimeResume();
    expect(resume.url(page)).toBe('wss://goose.example/api/ws');
    expect(resume.hello({ type: 'hello', userId: 'u1', seq: 40, resumed: false })).toBe(false);
    expect(resume.url(page)).toBe('wss://goose.example/api/ws?after=40');
    resume.event({ seq: 42 });
    resume.event({ seq: 41 }); // a late commit does not move it back
    resume.event({ seq: null }); // an unlogged change says nothing of the position
    expect(resume.url(page)).toBe('wss://goose.example/api/ws?after=42');
    expect(resume.hello({ type: 'hello', userId: 'u1', seq: 50, resumed: true })).toBe(false);
    // Resumed: the replayed events move it on, not the head it was told.
    expect(resume.url(page)).toBe('wss://goose.example/api/ws?after=42');
    resume.event({ seq: 45 });
    expect(resume.url(page)).toBe('wss://goose.example/api/ws?after=45');
  });

  it('refetches everything when a reconnect cannot resume, and goes on from the head it was told', () => {
    const resume = new RealtimeResume();
    resume.hello({ type: 'hello', userId: 'u1', seq: 7, resumed: false });
    expect(resume.hello({ type: 'hello', userId: 'u1', seq: 900, resumed: false })).toBe(true);
    expect(resume.url(page)).toBe('wss://goose.example/api/ws?after=900');
    // A server without a change log: no position, so every reconnect refetches.
    expect(resume.hello({ type: 'hello', userId: 'u1', seq: null, resumed: false })).toBe(true);
    expect(resume.url(page)).toBe('wss://goose.example/api/ws');
  });

  it('reconnects at once after a service restart (1012), with backoff after anything else', () => {
    const noJitter = () => 0;
    expect(reconnectDelayMs(1012, 5, noJitter)).toBe(0);
    expect(reconnectDelayMs(1012, 0, () => 0.999)).toBeLessThan(250);
    expect(reconnectDelayMs(1006, 0, noJitter)).toBe(1000);
    expect(reconnectDelayMs(1006, 3, noJitter)).toBe(8000);
    expect(reconnectDelayMs(1006, 10, noJitter)).toBe(30_000);
  });
});

describe('keysForEvent', () => {
  it('refreshes the vault, the copyright checks and the item certificate on vault events', () => {
    expect(keysForEvent({ readModel: 'vault', eventType: 'TrackMasteringProgressed', subjectId: 't1' })).toEqual([
      ['/api/vault'],
      ['/api/copyright-checks'],
      ['/api/analytics'],
      ['/api/copyright-certificate', 't1'],
    ]);
  });

  it('refreshes the analytics overview on the read models it counts, and not on others', () => {
    for (const readModel of ['vault', 'tokens', 'royalties', 'licenses', 'distributions'] as const) {
      expect(keysForEvent({ readModel, eventType: 'Any', subjectId: 's1' }), readModel).toContainEqual(['/api/analytics']);
    }
    expect(keysForEvent({ readModel: 'disputes', eventType: 'DisputeFiled', subjectId: 'd1' })).not.toContainEqual(['/api/analytics']);
  });

  it('refreshes the database sync status after registration events', () => {
    expect(keysForEvent({ readModel: 'vault', eventType: 'TrackRegistrationSubmitted', subjectId: 't1' })).toContainEqual(['/api/database-sync-status']);
  });

  it('refreshes the generated music list after a mastering completes', () => {
    expect(keysForEvent({ readModel: 'vault', eventType: 'TrackMastered', subjectId: 't1' })).toContainEqual(['/api/generated-music']);
  });

  it('refreshes the user reads, and the roles, on user events (a role granted or revoked)', () => {
    expect(keysForEvent({ readModel: 'user', eventType: 'UserRoleGranted', subjectId: 'u1' })).toEqual([['/api/user'], ['/api/auth/me'], ['/api/auth/roles']]);
  });

  it('refreshes the releases (and the royalty breakdowns under them) and the statements on distribution events', () => {
    const keys = keysForEvent({ readModel: 'distributions', eventType: 'StoreDeliveryUpdated', subjectId: 'd1' });
    expect(keys).toContainEqual(['/api/tunecore/distributions']);
    expect(keys).toContainEqual(['/api/tunecore/statements']);
    expect(keysForEvent({ readModel: 'royalties', eventType: 'RoyaltyEarningsRecorded', subjectId: 'c1' })).toContainEqual(['/api/tunecore/distributions']);
  });

  it('refreshes the contracts, payout history and analytics on royalty events, and the receivers and invitations on receiver events', () => {
    const royalties = keysForEvent({ readModel: 'royalties', eventType: 'RoyaltyPayoutRunCompleted', subjectId: 'c1' });
    expect(royalties).toEqual(expect.arrayContaining([['/api/smart-contracts'], ['/api/royalty-distribution/history'], ['/api/royalty-distribution/analytics']]));
    const receivers = keysForEvent({ readModel: 'receivers', eventType: 'RoyaltyInvitationAccepted', subjectId: 'content-1' });
    expect(receivers).toEqual(expect.arrayContaining([['/api/royalty-receivers'], ['/api/royalty-invitations'], ['/api/royalty-distribution/analytics']]));
  });
});

describe('keepRealtimeConnection', () => {
  /** A stand-in for the browser's WebSocket: the URL it was opened with, and the server's side to drive. */
  class FakeSocket {
    onopen: ((event: Event) => void) | null = null;
    onmessage: ((event: MessageEvent) => void) | null = null;
    onclose: ((event: CloseEvent) => void) | null = null;
    closedWith: number | null = null;
    constructor(readonly url: string) {}
    close(code: number) {
      this.closedWith = code;
    }
    receive(message: object) {
      this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
    }
    serverCloses(code: number) {
      this.onclose?.({ code } as CloseEvent);
    }
  }
  const event = (seq: number | null, subjectId: string) => ({
    type: 'event', readModel: 'vault', streamId: `track-${subjectId}`, eventType: 'TrackMastered', subjectId, workflowId: null, recordedAt: '2026-11-29T12:00:00.000Z', seq,
  });

  it('reconnects at once after a restart with the last seq it saw, takes the replay as events, and refetches nothing', () => {
    vi.useFakeTimers();
    try {
      const sockets: FakeSocket[] = [];
      const heard: string[] = [];
      let missed = 0;
      const stop = keepRealtimeConnection(
        { onEvent: (e) => heard.push(e.subjectId), onMissedChanges: () => (missed += 1), onSessionEnded: () => undefined },
        { open: (url) => sockets[sockets.push(new FakeSocket(url)) - 1]!, location: { protocol: 'http:', host: 'localhost:3000' } as Location },
      );
      sockets[0]!.receive({ type: 'hello', userId: 'u1', seq: 20, resumed: false });
      sockets[0]!.receive(event(21, 'a'));
      sockets[0]!.serverCloses(1012);
      vi.advanceTimersByTime(250);
      expect(sockets.map((s) => s.url)).toEqual(['ws://localhost:3000/api/ws', 'ws://localhost:3000/api/ws?after=21']);
      sockets[1]!.receive({ type: 'hello', userId: 'u1', seq: 23, resumed: true });
      sockets[1]!.receive(event(22, 'b'));
      sockets[1]!.receive(event(23, 'c'));
      expect(heard).toEqual(['a', 'b', 'c']);
      expect(missed).toBe(0);

      // A drop that is no restart waits (backoff), then resumes after the replayed seq.
      sockets[1]!.serverCloses(1006);
      vi.advanceTimersByTime(500);
      expect(sockets).toHaveLength(2);
      vi.advanceTimersByTime(1000);
      expect(sockets[2]!.url).toBe('ws://localhost:3000/api/ws?after=23');
      // The server no longer has what came after 23: everything is refetched once.
      sockets[2]!.receive({ type: 'hello', userId: 'u1', seq: 900, resumed: false });
      expect(missed).toBe(1);

      stop();
      expect(sockets[2]!.closedWith).toBe(1000);
      sockets[2]!.serverCloses(1000);
      vi.advanceTimersByTime(60_000);
      expect(sockets).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
