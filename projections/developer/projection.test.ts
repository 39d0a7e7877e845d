// The api_keys read model on PGlite and on the machine's real Postgres server: rows follow the
// keys' events (created, allowlist changed, suspended, revoked), the owner alone is told, deleted
// keys leave the list, a replayed event changes nothing, and the model rebuilt from the events
// (each applied twice) equals the one built live.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiKeyDecider, type ApiKeyCommand } from '../../domain/developer/api-key.decider';
import { apiKeyStreamId } from '../../domain/developer/api-key.events';
import { API_TERMS_VERSION } from '../../domain/developer/api-tiers';
import type { Db } from '../../infra/db/db';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { START } from '../../infra/eventstore/event-store';
import type { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { describeOnEachDatabase, type ProjectionDatabase } from '../../tests/support/projection-databases';
import type { ReadModelChange } from '../projection';
import type { Projector } from '../projector';
import { developerProjection } from './projection';
import { findOwnerApiKey, listOwnerApiKeys } from './queries';

const keyId = () => randomUUID().replaceAll('-', '').slice(0, 16);

describeOnEachDatabase('developer projection', (open) => {
  let database: ProjectionDatabase;
  let db: Db;
  let store: PostgresEventStore;
  let projector: Projector;
  let changes: ReadModelChange[];
  const ownerId = randomUUID();
  const strangerId = randomUUID();

  beforeEach(async () => {
    database = await open([developerProjection]);
    ({ db, store, projector, changes } = database);
  });

  afterEach(() => database.close());

  const run = async (id: string, command: ApiKeyCommand) => {
    const { result } = await handleCommand(store, apiKeyStreamId(id), apiKeyDecider, command, { correlationId: 'test', actor: `user:${ownerId}` });
    if (result) await projector.waitFor(result.lastPosition);
  };
  const create = (id: string, keyName: string, tier: 'free' | 'pro' | 'enterprise' = 'free', owner = ownerId): ApiKeyCommand => ({
    type: 'CreateApiKey',
    data: { keyId: id, ownerId: owner, keyName, tier, keyPrefix: `gk_${id}`, keySha256: 'b'.repeat(64), termsVersion: API_TERMS_VERSION, termsAcceptedAt: new Date().toISOString() },
  });

  /** Three keys of the owner (one deleted, one suspended with an allowlist) and one of a stranger. */
  async function keys() {
    const [a, b, c, d] = [keyId(), keyId(), keyId(), keyId()];
    await run(a, create(a, 'Studio', 'pro'));
    await run(b, create(b, 'Old script'));
    await run(c, create(c, 'Batch', 'enterprise'));
    await run(d, create(d, 'Not mine', 'free', strangerId));
    await run(a, { type: 'ChangeApiKeyAllowlist', data: { keyId: a, ipAllowlist: ['203.0.113.7', '198.51.100.0/24'], changedBy: ownerId } });
    await run(c, { type: 'SuspendApiKey', data: { keyId: c, reason: '7 of the last 20 calls failed', failedCalls: 7, windowCalls: 20 } });
    await run(b, { type: 'RevokeApiKey', data: { keyId: b, revokedBy: ownerId } });
    return { a, b, c, d };
  }

  it("lists the owner's keys newest first with their status and allowlist, leaves deleted ones out, and tells only the owner", async () => {
    const { a, b, c, d } = await keys();
    const listed = await listOwnerApiKeys(db, ownerId);
    expect(listed.map((k) => [k.keyName, k.tier, k.status, k.suspendedReason, k.ipAllowlist])).toEqual([
      ['Batch', 'enterprise', 'suspended', '7 of the last 20 calls failed', []],
      ['Studio', 'pro', 'active', null, ['203.0.113.7', '198.51.100.0/24']],
    ]);
    expect(listed[1]).toMatchObject({ id: a, ownerId, keyPrefix: `gk_${a}` });
    expect(Date.parse(listed[1]!.createdAt)).not.toBeNaN();
    expect(listed.map((k) => k.id)).toEqual([c, a]);
    expect(await findOwnerApiKey(db, ownerId, b)).toMatchObject({ status: 'revoked' });
    expect(await findOwnerApiKey(db, ownerId, d)).toBeNull();
    expect((await listOwnerApiKeys(db, strangerId)).map((k) => k.id)).toEqual([d]);

    expect(changes).toHaveLength(7);
    expect(changes.every((change) => change.readModel === 'developer')).toBe(true);
    expect(changes.filter((change) => change.ownerId === strangerId).map((change) => change.subjectId)).toEqual([d]);
    expect(changes.find((change) => change.eventType === 'ApiKeyRevoked')).toMatchObject({ ownerId, subjectId: b, streamId: apiKeyStreamId(b) });
  });

  it('applies a replayed event once', async () => {
    const { a } = await keys();
    const events = await store.readStream(apiKeyStreamId(a));
    const before = await listOwnerApiKeys(db, ownerId);
    for (const event of events) expect(await db.transaction((tx) => developerProjection.apply(tx, event))).toBeNull();
    expect(await listOwnerApiKeys(db, ownerId)).toEqual(before);
  });

  it('rebuilt from the events, each applied twice, equals the model built live', async () => {
    await keys();
    const snapshot = async () => (await db.query('SELECT * FROM api_keys ORDER BY id')).rows;
    const live = await snapshot();
    const events = (await store.readAll(START, { limit: 1000 })).filter((event) => developerProjection.handles.has(event.type));
    expect(events).toHaveLength(7);
    await db.query('DELETE FROM api_keys');
    await db.transaction(async (tx) => {
      for (const event of events) {
        await developerProjection.apply(tx, event);
        await developerProjection.apply(tx, event);
      }
    });
    expect(await snapshot()).toEqual(live);
  });
});
