// The distributions read model from a release's events: the status summed up from the stores,
// each change announced to the owner, an event applied twice changing nothing, and royalty earnings
// read from the statements' per-line royalties.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseDecider, type ReleaseCommand } from '../../domain/distribution/release.decider';
import { releaseStreamId } from '../../domain/distribution/release.events';
import { eventRegistry } from '../../domain/registry';
import type { Db } from '../../infra/db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../../infra/db/migrate';
import { requestRelease } from '../../infra/distribution/request-release';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import type { ReadModelChange } from '../projection';
import { Projector } from '../projector';
import { statementsProjection } from '../statements/projection';
import { distributionsProjection } from './projection';
import { findOwnedDistribution, listDistributions } from './queries';

let db: Db;
let store: PostgresEventStore;
let projector: Projector;
const changes: ReadModelChange[] = [];
const ownerId = randomUUID();
const AT = '2026-11-25T10:00:00.000Z';

beforeAll(async () => {
  db = await pooledPglite();
  await migrate(db, eventStoreMigrations);
  store = new PostgresEventStore(db, eventRegistry);
  projector = new Projector(db, store, [distributionsProjection, statementsProjection]);
  await projector.start();
  projector.onChange((change) => changes.push(change));
});
afterAll(async () => {
  await projector.stop();
  await store.close();
  await db.close();
});

async function run(distributionId: string, ...commands: ReleaseCommand[]): Promise<void> {
  for (const command of commands) {
    const { result } = await handleCommand(store, releaseStreamId(distributionId), releaseDecider, command, { correlationId: 'test', actor: 'test' });
    if (result) await projector.waitFor(result.lastPosition);
  }
}

async function delivered(selectedStores: string[]): Promise<string> {
  const distributionId = randomUUID();
  const form = { artistName: 'A', albumName: 'B', songName: 'C', primaryGenre: 'Jazz', secondaryGenre: null, labelName: 'L', recordingLocation: '', releaseDate: '2026-12-01', saleDate: '2026-12-01', parentalAdvisory: false, royaltySplit: 100, selectedStores };
  const requested = await requestRelease(store, { distributionId, contentId: randomUUID(), ownerId, form }, { correlationId: 'test', actor: 'test' });
  await projector.waitFor(requested!.lastPosition);
  await run(
    distributionId,
    { type: 'RecordPackageBuilt', data: { distributionId, messageId: 'm', directory: 'releases/x', files: [{ name: 'ern.xml', role: 'ern', sha256: 'a'.repeat(64), size: 1 }] } },
    { type: 'RecordPackageValidated', data: { distributionId, ernSha256: 'a'.repeat(64) } },
    { type: 'RecordDelivered', data: { distributionId, distributor: 'sandbox', deliveryId: 'd', notice: 'Nothing left this machine' } },
  );
  return distributionId;
}

const storeState = (distributionId: string, storeId: string, state: 'uploaded' | 'distributed' | 'failed', reason: string | null = null): ReleaseCommand => ({
  type: 'RecordStoreState',
  data: { distributionId, storeId, state, reason, at: AT },
});

describe('distributions projection', () => {
  it('sums the stores up: uploaded once delivered, distributed once a store is live, failed when every store failed', async () => {
    const live = await delivered(['spotify', 'beatport']);
    expect((await findOwnedDistribution(db, ownerId, live))!.status).toBe('uploaded');
    await run(live, storeState(live, 'beatport', 'failed', 'Genre not taken'));
    expect((await findOwnedDistribution(db, ownerId, live))!.status).toBe('uploaded');
    await run(live, storeState(live, 'spotify', 'distributed'));
    const shown = await findOwnedDistribution(db, ownerId, live);
    expect(shown).toMatchObject({ status: 'distributed', notice: 'Nothing left this machine', stores: [{ storeId: 'spotify', state: 'distributed' }, { storeId: 'beatport', state: 'failed', reason: 'Genre not taken' }] });

    const dead = await delivered(['beatport']);
    await run(dead, storeState(dead, 'beatport', 'failed', 'Genre not taken'));
    expect((await findOwnedDistribution(db, ownerId, dead))!.status).toBe('failed');
    expect(changes.filter((c) => c.subjectId === live).every((c) => c.readModel === 'distributions' && c.ownerId === ownerId)).toBe(true);
  });

  it('applies an event twice without changing the row, and reads royalty earnings from the payable statements\' per-line royalties, not self-reported ones', async () => {
    const id = await delivered(['spotify']);
    await run(id, storeState(id, 'spotify', 'uploaded'));
    const before = await findOwnedDistribution(db, ownerId, id);
    const events = await store.readStream(releaseStreamId(id));
    for (const event of events) expect(await db.transaction((tx) => distributionsProjection.apply(tx, event))).toBeNull();
    expect(await findOwnedDistribution(db, ownerId, id)).toEqual(before);

    // A partner's payable lines count; the creator's own self-reported upload does not.
    await db.query(
      `INSERT INTO statement_line_royalties (batch_id, distribution_id, store, country, statement_id, importer_id, content_id, owner_id, period, lines, units, amount_cents, source, partner_id)
       VALUES ('b1', $1, $2, 'US', 's1', 'operator:ops', 'c1', $3, '2026-10', 1, 10, 125, 'operator_import', 'acme'), ('b1', $1, $2, 'FR', 's1', 'operator:ops', 'c1', $3, '2026-10', 1, 5, 75, 'operator_import', 'acme'),
              ('b2', $1, $2, 'US', 's2', $3, 'c1', $3, '2026-10', 1, 1, 100000000, 'self_reported', NULL)`,
      [id, 'spotify', ownerId],
    );
    expect((await listDistributions(db, ownerId)).find((d) => d.id === id)!.royaltyEarnings).toBe(200);
  });
});
