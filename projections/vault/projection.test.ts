// The vault read model on PGlite: a track the studio generated carries its generation's id from its
// first event through the later ones, an upload carries none, and a rebuild from the events gives
// the same items.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vaultItemSchema } from '../../domain/contracts/vault';
import { eventRegistry } from '../../domain/registry';
import { trackDecider, type TrackCommand } from '../../domain/track/track.decider';
import { trackStreamId } from '../../domain/track/track.events';
import type { Db } from '../../infra/db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../../infra/db/migrate';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { GlobalPosition } from '../../infra/eventstore/event-store';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { Projector, rebuildProjections } from '../projector';
import { vaultProjection } from './projection';
import { listVault } from './queries';

let db: Db;
let store: PostgresEventStore;
let projector: Projector;
const owner = randomUUID();

async function run(trackId: string, command: TrackCommand): Promise<void> {
  const { result } = await handleCommand(store, trackStreamId(trackId), trackDecider, command, { correlationId: 'test', actor: 'test' });
  if (result) await projector.waitFor(result.lastPosition as GlobalPosition);
}

/** A track received, stored and probed; `generationId` when the studio made it. */
async function intake(title: string, generationId?: string): Promise<string> {
  const trackId = randomUUID();
  await run(trackId, {
    type: 'ReceiveUpload',
    data: {
      trackId,
      ownerId: owner,
      title,
      description: '',
      contentType: 'music',
      royaltySplit: 50,
      originalName: `${title}.wav`,
      detectedExtension: 'wav',
      detectedMimeType: 'audio/wav',
      size: 1000,
      genre: null,
      ...(generationId === undefined ? {} : { generationId }),
    },
  });
  await run(trackId, { type: 'StoreFile', data: { trackId, storedName: `${trackId}.wav`, sha256: 'a'.repeat(64), size: 1000 } });
  await run(trackId, { type: 'RecordProbe', data: { trackId, format: 'wav', durationSeconds: 10, codec: 'pcm_s24le', sampleRate: 44_100, channels: 2, bitRate: null } });
  return trackId;
}

beforeAll(async () => {
  db = await pooledPglite();
  await migrate(db, eventStoreMigrations);
  store = new PostgresEventStore(db, eventRegistry);
  projector = new Projector(db, store, [vaultProjection]);
  await projector.start();
});

afterAll(async () => {
  await projector.stop();
  await db.close();
});

describe('vault projection', () => {
  it("keeps a generated track's generation id through its later events; an upload has none", async () => {
    const uploaded = await intake('an upload');
    const generated = await intake('City lights', 'gen-city-lights');
    const items = await listVault(db, owner);
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(generated)).toMatchObject({ title: 'City lights', generationId: 'gen-city-lights', filePath: `/uploads/${generated}.wav` });
    expect(byId.get(generated)!.metadata.duration).toBe(10);
    expect(byId.get(uploaded)).toMatchObject({ title: 'an upload', generationId: null });
    for (const item of items) expect(vaultItemSchema.parse(item)).toEqual(item);
  });

  it('rebuilds the same items from the events', async () => {
    const before = await listVault(db, owner);
    expect(before).toHaveLength(2);
    await projector.stop();
    await rebuildProjections(db, store, [vaultProjection]);
    expect(await listVault(db, owner)).toEqual(before);
    await projector.start();
  });
});
