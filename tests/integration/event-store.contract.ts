// The event store contract: what every adapter of the EventStore port must do, written as a
// specification. tests/integration/event-store.test.ts runs it against each adapter. Every test
// writes to streams of its own, so the suite also holds on a store that already has events in it
// (a shared EventStoreDB server).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { decideTokenAccount, initialTokenAccountState } from '../../domain/tokens/token-account.decider';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { ConcurrencyError } from '../../domain/shared/errors';
import type { EventMetadata, NewEvent } from '../../domain/shared/events';
import { decideTrack, evolveTrack, initialTrackState, type TrackCommand, type TrackState } from '../../domain/track/track.decider';
import { trackStreamId } from '../../domain/track/track.events';
import {
  comparePositions,
  START,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '../../infra/eventstore/event-store';

export interface EventStoreUnderTest {
  store: EventStore;
  cleanup(): Promise<void>;
}

export type EventStoreFactory = () => Promise<EventStoreUnderTest>;

/** Registers the contract suite for one adapter. */
export function describeEventStoreContract(name: string, factory: EventStoreFactory): void {
  describe(name, () => {
    let subject: EventStoreUnderTest | undefined;
    let store: EventStore;

    beforeAll(async () => {
      subject = await factory();
      store = subject.store;
    });

    afterAll(async () => {
      await subject?.cleanup();
    });

    it('appends events and reads the stream back with their ids, data and metadata intact', async () => {
      const { streamId, events } = newAccount({ workflowId: 'registration-ada', causationId: 'command-1' });

      const result = await store.append(streamId, events, 'no_stream');
      const recorded = await store.readStream(streamId);

      expect(result.nextVersion).toBe(2);
      expect(recorded.map((e) => e.streamVersion)).toEqual([1, 2]);
      expect(recorded.map(({ eventId, streamId, type, data, metadata, schemaVersion }) => ({ eventId, streamId, type, data, metadata, schemaVersion }))).toEqual(
        events.map(({ eventId, type, data, metadata }) => ({ eventId, streamId, type, data, metadata, schemaVersion: 1 })),
      );
      for (const event of recorded) {
        expect(event.recordedAt).toBeInstanceOf(Date);
        expect(Math.abs(event.recordedAt.getTime() - Date.now())).toBeLessThan(60_000);
      }
      expect(comparePositions(recorded[0]!.position, recorded[1]!.position)).toBeLessThan(0);
      expect(result.lastPosition).toEqual(recorded[1]!.position);
    });

    it('reads a stream that does not exist as empty', async () => {
      expect(await store.readStream(`track-${randomUUID()}`)).toEqual([]);
    });

    it('numbers a stream 1..n across appends made at the exact expected version', async () => {
      const track = newTrack();

      expect((await store.append(track.streamId, track.received, 'no_stream')).nextVersion).toBe(1);
      expect((await store.append(track.streamId, track.stored, 1)).nextVersion).toBe(2);
      expect((await store.append(track.streamId, track.probed, 2)).nextVersion).toBe(3);

      const recorded = await store.readStream(track.streamId);
      expect(recorded.map((e) => [e.streamVersion, e.type])).toEqual([
        [1, 'TrackUploadReceived'],
        [2, 'TrackFileStored'],
        [3, 'TrackProbed'],
      ]);
    });

    it('reads only the events after a given version, for a fold that has the rest', async () => {
      const track = newTrack();
      await store.append(track.streamId, [...track.received, ...track.stored, ...track.probed], 'no_stream');

      expect((await store.readStream(track.streamId, { afterVersion: 1 })).map((e) => [e.streamVersion, e.type])).toEqual([
        [2, 'TrackFileStored'],
        [3, 'TrackProbed'],
      ]);
      expect(await store.readStream(track.streamId, { afterVersion: 3 })).toEqual([]);
    });

    it("given an existing stream, when appending with 'no_stream', then ConcurrencyError and nothing is stored", async () => {
      const track = newTrack();
      await store.append(track.streamId, track.received, 'no_stream');

      const refused = store.append(track.streamId, track.stored, 'no_stream');

      await expect(refused).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(refused).rejects.toMatchObject({ streamId: track.streamId, expectedVersion: 'no_stream', actualVersion: 1 });
      expect((await store.readStream(track.streamId)).map((e) => e.type)).toEqual(['TrackUploadReceived']);
    });

    it('given a stream at version 2, when a stale writer appends a batch expecting 1, then ConcurrencyError and no part of the batch is stored', async () => {
      const track = newTrack();
      await store.append(track.streamId, [...track.received, ...track.stored], 'no_stream');
      const before = await store.readStream(track.streamId);

      const staleBatch = [...track.probed, event('TrackIntakeFailed', { trackId: track.trackId, step: 'probe', reason: 'stale writer' })];
      const refused = store.append(track.streamId, staleBatch, 1);

      await expect(refused).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(refused).rejects.toMatchObject({ expectedVersion: 1, actualVersion: 2 });
      expect(await store.readStream(track.streamId)).toEqual(before);
      const everywhere = await readEverythingAfter(store, before.at(-1)!.position);
      expect(everywhere.filter((e) => staleBatch.some((s) => s.eventId === e.eventId))).toEqual([]);
    });

    it('lets exactly one of two writers racing at the same expected version win', async () => {
      const track = newTrack();
      await store.append(track.streamId, track.received, 'no_stream');

      const [first, second] = await Promise.allSettled([
        store.append(track.streamId, track.stored, 1),
        store.append(track.streamId, [event('TrackIntakeFailed', { trackId: track.trackId, step: 'store', reason: 'racing writer' })], 1),
      ]);

      const outcomes = [first, second].map((o) => o.status);
      expect(outcomes.sort()).toEqual(['fulfilled', 'rejected']);
      const loser = [first, second].find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(loser.reason).toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream(track.streamId)).map((e) => e.streamVersion)).toEqual([1, 2]);
    });

    it("appends at whatever version the stream is with 'any'", async () => {
      const track = newTrack();

      expect((await store.append(track.streamId, track.received, 'any')).nextVersion).toBe(1);
      expect((await store.append(track.streamId, track.stored, 'any')).nextVersion).toBe(2);

      expect((await store.readStream(track.streamId)).map((e) => e.type)).toEqual(['TrackUploadReceived', 'TrackFileStored']);
    });

    it('treats re-appending the same event ids as an idempotent no-op that returns the same version', async () => {
      const track = newTrack();
      const batch = [...track.received, ...track.stored];
      const first = await store.append(track.streamId, batch, 'no_stream');

      const retried = await store.append(track.streamId, batch, 'no_stream');
      expect(retried).toEqual(first);

      await store.append(track.streamId, track.probed, 2);
      const retriedLater = await store.append(track.streamId, batch, 'no_stream');
      expect(retriedLater).toEqual(first);

      expect((await store.readStream(track.streamId)).map((e) => e.eventId)).toEqual([...batch, ...track.probed].map((e) => e.eventId));
    });

    it('rejects an invalid payload before anything of its batch is stored', async () => {
      const track = newTrack();
      const invalid = event('TrackFileStored', { trackId: track.trackId, storedName: 'x.wav', sha256: 'not a hash', size: -1 });

      await expect(store.append(track.streamId, [...track.received, invalid], 'no_stream')).rejects.toBeInstanceOf(ZodError);
      await expect(store.append(track.streamId, [event('NoSuchEvent', {})], 'no_stream')).rejects.toThrow(/Unknown event type/);

      expect(await store.readStream(track.streamId)).toEqual([]);
    });

    it('reads all events from START in global order, and from a position only the later ones', async () => {
      const a = newTrack();
      const b = newTrack();
      const user = newAccount();
      const appended: NewEvent[] = [];
      const append = async (streamId: string, events: NewEvent[], expected: number | 'no_stream') => {
        await store.append(streamId, events, expected);
        appended.push(...events);
      };
      await append(a.streamId, a.received, 'no_stream');
      await append(b.streamId, b.received, 'no_stream');
      await append(user.streamId, user.events, 'no_stream');
      await append(a.streamId, a.stored, 1);
      await append(b.streamId, [...b.stored, ...b.probed], 1);
      const ours = (events: RecordedEvent[]) => events.filter((e) => appended.some((n) => n.eventId === e.eventId));

      const all = ours(await readEverythingAfterIncluding(store, START, appended.at(-1)!.eventId));
      expect(all.map((e) => e.eventId)).toEqual(appended.map((e) => e.eventId));
      for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBeLessThan(0);

      const third = all[2]!;
      const later = ours(await readEverythingAfter(store, third.position));
      expect(later.map((e) => e.eventId)).toEqual(appended.slice(3).map((e) => e.eventId));

      const page = await store.readAll(third.position, { limit: 2 });
      expect(page).toHaveLength(2);
      expect(page.every((e) => comparePositions(e.position, third.position) > 0)).toBe(true);
    });

    it('keeps the global order over many appends, read whole or page by page', async () => {
      const start = await store.append(newTrack().streamId, newTrack().received, 'no_stream');
      const users = Array.from({ length: 40 }, () => newAccount());
      const tracks = Array.from({ length: 20 }, () => newTrack());
      const appended: NewEvent[] = [];
      for (const user of users) {
        await store.append(user.streamId, user.events, 'no_stream');
        appended.push(...user.events);
      }
      for (const track of tracks) {
        const batch = [...track.received, ...track.stored, ...track.probed];
        await store.append(track.streamId, batch, 'no_stream');
        appended.push(...batch);
      }

      const read = await readEverythingAfterIncluding(store, start.lastPosition, appended.at(-1)!.eventId);
      const ours = read.filter((e) => appended.some((n) => n.eventId === e.eventId));
      expect(ours.map((e) => e.eventId)).toEqual(appended.map((e) => e.eventId));
      const pages: RecordedEvent[] = [];
      for (let position = start.lastPosition; ; ) {
        const page = await store.readAll(position, { limit: 7 });
        if (page.length === 0) break;
        pages.push(...page);
        position = page.at(-1)!.position;
      }
      expect(pages.map((e) => e.eventId)).toEqual(read.map((e) => e.eventId));
    });

    it('delivers to a subscription the events appended after its start position, in order', async () => {
      const marker = newTrack();
      const { lastPosition } = await store.append(marker.streamId, marker.received, 'no_stream');
      const received: RecordedEvent[] = [];
      const subscription = store.subscribe(lastPosition, async (batch) => {
        received.push(...batch);
      });
      try {
        const a = newTrack();
        const user = newAccount();
        const appended = [...a.received, ...user.events, ...a.stored, ...a.probed];
        await store.append(a.streamId, a.received, 'no_stream');
        await store.append(user.streamId, user.events, 'no_stream');
        await store.append(a.streamId, [...a.stored, ...a.probed], 1);

        const ours = () => received.filter((e) => e.streamId === a.streamId || e.streamId === user.streamId || e.streamId === marker.streamId);
        await eventually(() => expect(ours()).toHaveLength(appended.length));
        expect(ours().map((e) => e.eventId)).toEqual(appended.map((e) => e.eventId));
        for (let i = 1; i < received.length; i++) expect(comparePositions(received[i - 1]!.position, received[i]!.position)).toBeLessThan(0);
      } finally {
        await subscription.stop();
      }
    });
  });
}

// --- events built by the domain's own deciders -------------------------------------------------

function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    correlationId: `correlation-${randomUUID()}`,
    causationId: null,
    actor: `user-${randomUUID()}`,
    workflowId: null,
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

function event(type: string, data: unknown, meta: Partial<EventMetadata> = {}): NewEvent {
  return { eventId: randomUUID(), type, data, metadata: metadata(meta) };
}

/** A user's token account as signup opens it: two events (opened, welcome bonus) on its stream. */
export function newAccount(meta: Partial<EventMetadata> = {}): { userId: string; streamId: string; events: NewEvent[] } {
  const userId = randomUUID();
  return {
    userId,
    streamId: tokenAccountStreamId(userId),
    events: decideTokenAccount({ type: 'OpenAccount', data: { userId, welcomeBonusMicros: 50_000_000 } }, initialTokenAccountState).map((e) => event(e.type, e.data, meta)),
  };
}

export function newTrack(ownerId: string = randomUUID()): {
  trackId: string;
  streamId: string;
  received: NewEvent[];
  stored: NewEvent[];
  probed: NewEvent[];
} {
  const trackId = randomUUID();
  const commands: TrackCommand[] = [
    {
      type: 'ReceiveUpload',
      data: { trackId, ownerId, title: 'Song', description: '', contentType: 'music', royaltySplit: 100, originalName: 'song.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 1000, genre: null },
    },
    { type: 'StoreFile', data: { trackId, storedName: `${trackId}.wav`, sha256: 'b'.repeat(64), size: 1000 } },
    { type: 'RecordProbe', data: { trackId, format: 'wav', durationSeconds: 1, codec: 'pcm_s16le', sampleRate: 44100, channels: 2, bitRate: 1411200 } },
  ];
  let state: TrackState = initialTrackState;
  const [received, stored, probed] = commands.map((command) => {
    const decided = decideTrack(command, state);
    state = decided.reduce(evolveTrack, state);
    return decided.map((e) => event(e.type, e.data, { workflowId: `track-lifecycle-${trackId}` }));
  });
  return { trackId, streamId: trackStreamId(trackId), received: received!, stored: stored!, probed: probed! };
}

// --- helpers ------------------------------------------------------------------------------------

/** Every event after `from`, page by page. */
export async function readEverythingAfter(store: EventStore, from: GlobalPosition): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let position = from;
  for (;;) {
    const page = await store.readAll(position, { limit: 500 });
    if (page.length === 0) return events;
    events.push(...page);
    position = page.at(-1)!.position;
  }
}

/**
 * Every event after `from` once the event `eventId` can be read. On a shared Postgres server a
 * transaction still open anywhere on the server holds newer commits back for a moment (the store
 * never lets a reader pass an event that is not yet visible), so the reader waits for its own.
 */
export async function readEverythingAfterIncluding(store: EventStore, from: GlobalPosition, eventId: string): Promise<RecordedEvent[]> {
  let events: RecordedEvent[] = [];
  await eventually(async () => {
    events = await readEverythingAfter(store, from);
    if (!events.some((e) => e.eventId === eventId)) throw new Error(`event ${eventId} is not visible yet`);
  });
  return events;
}

/** Retries an assertion until it holds or the time is up (then its last failure is thrown). */
export async function eventually(assertion: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
