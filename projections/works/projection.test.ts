// The registry read model on PGlite and on the machine's real Postgres server: registered works
// with the evidence behind their level, identifiers, license counts and revenue; search relevance
// on a seeded set (exact titles, identifiers and one-typo queries find the expected work first);
// filters, sorts, date ranges and facets; a replayed event changes nothing; rebuilt equals live.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LicenseOffered, LicenseOfferWithdrawn } from '../../domain/licensing/license-offer.events';
import { LicenseIssued, LicensePurchaseRequested } from '../../domain/licensing/license.events';
import { workDecider } from '../../domain/registry/work.decider';
import { workStreamId } from '../../domain/registry/work.events';
import type { Db } from '../../infra/db/db';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { GlobalPosition } from '../../infra/eventstore/event-store';
import type { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { describeOnEachDatabase, type ProjectionDatabase } from '../../tests/support/projection-databases';
import { appealDispute, closeDispute, fileDispute, resolveDispute } from '../../tests/support/seed-dispute';
import { seedCreator, seedWork, type WorkSeed } from '../../tests/support/seed-work';
import { rebuildProjections, type Projector } from '../projector';
import { worksProjection } from './projection';
import { findWork, searchWorks } from './queries';

const offer = {
  type: 'synchronization' as const, scope: 'limited' as const, territory: 'Worldwide', duration: '1 year', currency: 'USD' as const,
  priceCents: 25_000, originalPriceCents: null, paymentOptions: ['qxmp_tokens' as const],
  terms: { permissions: [], restrictions: [], attributionRequired: true, commercialUse: true, derivatives: false, distribution: false, customTerms: '' },
};

describeOnEachDatabase('works projection', (open) => {
  let database: ProjectionDatabase;
  let db: Db;
  let store: PostgresEventStore;
  let projector: Projector;
  let last: GlobalPosition;
  const ids: Record<string, string> = {};
  let alice: string;

  const settle = async (position: GlobalPosition) => {
    last = position;
    await projector.waitFor(position);
  };
  const append = async (streamId: string, event: { type: string; data: unknown }) => {
    const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() };
    const { lastPosition } = await store.append(streamId, [{ eventId: randomUUID(), metadata, ...event }], 'any');
    await settle(lastPosition);
  };

  beforeAll(async () => {
    database = await open([worksProjection]);
    ({ db, store, projector } = database);
    const a = await seedCreator(store, 'alice');
    const b = await seedCreator(store, 'bob_beats');
    alice = a.userId;
    const seeds: [string, string, WorkSeed][] = [
      ['rain', a.userId, { title: 'Midnight Rain', genre: 'Ambient', description: 'Soft piano over a storm' }],
      ['rainRemix', b.userId, { title: 'Rain Dance', genre: 'House' }],
      ['midnightSun', b.userId, { title: 'Midnight Sun', genre: 'House', outcome: 'awaiting_submission', score: 88 }],
      ['harbor', a.userId, { title: 'Neon Harbor', genre: 'Synthwave', contentType: 'video', score: 72 }],
      ['poem', b.userId, { title: 'Letters to the Sea', genre: 'Spoken Word', contentType: 'text', status: 'needs_review', score: 61 }],
      ['draft', a.userId, { title: 'Midnight Rain Demo', genre: 'Ambient', outcome: null }],
    ];
    for (const [key, owner, seed] of seeds) {
      const seeded = await seedWork(store, owner, seed);
      ids[key] = seeded.workId;
      last = seeded.position;
    }
    const set = await handleCommand(store, workStreamId(ids.harbor!), workDecider, {
      type: 'SetIdentifiers',
      data: { workId: ids.harbor!, ownerId: a.userId, requestedBy: a.userId, registered: true, identifiers: { isrc: 'USRC17607839', upc: '036000291452' } },
    }, { correlationId: 'test', actor: `user:${a.userId}` });
    await settle(set.result!.lastPosition);
  });

  afterAll(() => database.close());

  it('shows a registered work with its creator, evidence, level and reason; an unregistered one is not public', async () => {
    const found = await findWork(db, ids.rain!);
    expect(found!.ownerId).toBe(alice);
    expect(found!.work).toMatchObject({
      title: 'Midnight Rain', creator: 'alice', contentType: 'audio', genre: 'Ambient', oracleScore: 95,
      verificationLevel: 'enhanced', verificationReason: expect.stringContaining('no identifiers yet'),
      identifiers: { isrc: null, iswc: null, isni: null, upc: null },
      metadata: { ledgerStatus: 'validated', certificateId: expect.stringMatching(/^GOOSE-CERT-/) },
    });
    expect(found!.work.fingerprints.map((f) => f.algorithm)).toEqual(['sha256', 'audio_fingerprint', 'melodic']);
    // A percent, as the proof explorer shows the same identifiers: 100, never 1.
    expect(found!.work.fingerprints.map((f) => f.confidence)).toEqual([100, 100, 100]);
    expect(found!.work.attestations.map((a) => [a.type, a.verified])).toEqual([['certificate_signature', true], ['ledger_registration', true]]);
    expect((await findWork(db, ids.midnightSun!))!.work).toMatchObject({ verificationLevel: 'basic', verificationReason: expect.stringContaining('awaiting submission') });
    expect((await findWork(db, ids.poem!))!.work.verificationLevel).toBe('unverified');
    expect(await findWork(db, ids.draft!)).toBeNull();
  });

  it('identifiers make a validated work gold', async () => {
    expect((await findWork(db, ids.harbor!))!.work).toMatchObject({ verificationLevel: 'gold', identifiers: { isrc: 'USRC17607839', upc: '036000291452' } });
  });

  const firstOf = async (query: string) => (await searchWorks(db, { query })).works[0]?.id;

  it('ranks the expected work first for exact titles, identifiers and one-typo queries', async () => {
    expect(await firstOf('Midnight Rain')).toBe(ids.rain);
    expect(await firstOf('Midnight Sun')).toBe(ids.midnightSun);
    expect(await firstOf('Neon Harbor')).toBe(ids.harbor);
    expect(await firstOf('US-RC1-76-07839')).toBe(ids.harbor);
    expect(await firstOf('036000291452')).toBe(ids.harbor);
    expect(await firstOf('0036000291452')).toBe(ids.harbor);
    expect(await firstOf('Midnigth Rian')).toBe(ids.rain);
    expect(await firstOf('Neon Harbour')).toBe(ids.harbor);
    expect(await firstOf('Leters to the Sea')).toBe(ids.poem);
    expect(await firstOf('piano storm')).toBe(ids.rain);
    const byCreator = await searchWorks(db, { query: 'bob_beats' });
    expect(byCreator.works.map((w) => w.id).sort()).toEqual([ids.rainRemix, ids.midnightSun, ids.poem].sort());
    expect((await searchWorks(db, { query: 'zzqxv nothing' })).works).toEqual([]);
  });

  it('filters, sorts and counts facets over the filtered set', async () => {
    const all = await searchWorks(db, {});
    expect(all.total).toBe(5);
    expect(all.facets.contentTypes).toEqual({ audio: 3, video: 1, text: 1 });
    expect(all.facets.verificationLevels).toEqual({ enhanced: 2, basic: 1, gold: 1, unverified: 1 });
    expect(all.facets.genres).toEqual({ House: 2, Ambient: 1, 'Spoken Word': 1, Synthwave: 1 });
    const audio = await searchWorks(db, { contentType: 'audio', sortBy: 'oracle_score' });
    expect(audio.total).toBe(3);
    expect(audio.works.map((w) => w.oracleScore)).toEqual([95, 95, 88]);
    expect(audio.facets.contentTypes).toEqual({ audio: 3 });
    expect((await searchWorks(db, { verificationLevel: 'gold' })).works.map((w) => w.id)).toEqual([ids.harbor]);
    expect((await searchWorks(db, { identifierType: 'isrc' })).works.map((w) => w.id)).toEqual([ids.harbor]);
    expect((await searchWorks(db, { query: 'midnight', genre: 'house' })).works.map((w) => w.id)).toEqual([ids.midnightSun]);
    expect((await searchWorks(db, { sortBy: 'title' })).works.map((w) => w.title)).toEqual(['Letters to the Sea', 'Midnight Rain', 'Midnight Sun', 'Neon Harbor', 'Rain Dance']);
    const page = await searchWorks(db, { sortBy: 'title', limit: 2, offset: 2 });
    expect([page.total, page.works.map((w) => w.title)]).toEqual([5, ['Midnight Sun', 'Neon Harbor']]);
    // The store stamps events now; the date filter is tried on a work moved 40 days back, then put back.
    const { rows } = await db.query<{ created_at: Date }>('SELECT created_at FROM registry_works WHERE id = $1', [ids.poem]);
    await db.query(`UPDATE registry_works SET created_at = now() - interval '40 days' WHERE id = $1`, [ids.poem]);
    expect((await searchWorks(db, { dateRange: '30d' })).total).toBe(4);
    expect((await searchWorks(db, { dateRange: '1y' })).total).toBe(5);
    await db.query('UPDATE registry_works SET created_at = $2 WHERE id = $1', [ids.poem, rows[0]!.created_at]);
  });

  it('counts offers available, licenses issued and their revenue', async () => {
    const workId = ids.rain!;
    await append(`license-offer-o1`, LicenseOffered.create({ offerId: 'o1', workId, ownerId: alice, workTitle: 'Midnight Rain', offer, offeredAt: new Date().toISOString() }));
    await append(`license-offer-o2`, LicenseOffered.create({ offerId: 'o2', workId, ownerId: alice, workTitle: 'Midnight Rain', offer, offeredAt: new Date().toISOString() }));
    await append(`license-offer-o2`, LicenseOfferWithdrawn.create({ offerId: 'o2', reason: 'Withdrawn by the owner' }));
    const buyer = randomUUID();
    await append('license-l1', LicensePurchaseRequested.create({
      licenseId: 'l1', offerId: 'o1', workId, workTitle: 'Midnight Rain', ownerId: alice, buyerId: buyer, offer, paymentMethod: 'qxmp_tokens',
      currency: 'USD', priceCents: 25_000, requestedAt: new Date().toISOString(),
    }));
    expect((await findWork(db, workId))!.work.licenses).toEqual({ available: 1, active: 0, revenue: 0 });
    await append('license-l1', LicenseIssued.create({
      licenseId: 'l1', certificateId: 'LIC-1', proofId: 'proof-l1', settlementReference: 'hold-1', issuedAt: new Date().toISOString(),
      certificate: { certificateId: 'LIC-1', licenseId: 'l1', workId, buyer: 'carol', owner: 'alice' },
      signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'p', canonicalization: 'RFC8785', value: 'v' },
    }));
    expect((await findWork(db, workId))!.work.licenses).toEqual({ available: 1, active: 1, revenue: 25_000 });
    expect((await searchWorks(db, { sortBy: 'licenses' })).works[0]!.id).toBe(workId);
  });

  it('counts disputes active and resolved; an upheld one keeps a work from gold until appealed, an oracle review counts for nothing', async () => {
    const workId = ids.harbor!;
    const disputes = async () => (await findWork(db, workId))!.work;
    const rejected = await fileDispute(store, { workId, ownerId: alice });
    await settle(rejected.position);
    expect((await disputes()).disputes).toEqual({ active: 1, resolved: 0, total: 1 });
    await settle(await resolveDispute(store, rejected.disputeId, 'rejected'));
    await settle(await closeDispute(store, rejected.disputeId));
    expect(await disputes()).toMatchObject({ disputes: { active: 0, resolved: 1, total: 1 }, verificationLevel: 'gold' });
    const upheld = await fileDispute(store, { workId, ownerId: alice });
    await settle(upheld.position);
    await settle(await resolveDispute(store, upheld.disputeId, 'upheld', { byDefault: true }));
    expect(await disputes()).toMatchObject({ disputes: { active: 0, resolved: 2, total: 2 }, verificationLevel: 'enhanced', verificationReason: expect.stringContaining('1 upheld dispute') });
    await settle(await appealDispute(store, upheld.disputeId));
    expect(await disputes()).toMatchObject({ disputes: { active: 1, resolved: 1, total: 2 }, verificationLevel: 'gold' });
    await settle(await resolveDispute(store, upheld.disputeId, 'upheld'));
    await settle(await closeDispute(store, upheld.disputeId));
    expect(await disputes()).toMatchObject({ disputes: { active: 0, resolved: 2, total: 2 }, verificationLevel: 'enhanced' });
    const review = await fileDispute(store, { workId, ownerId: alice, kind: 'oracle_review' });
    await settle(review.position);
    expect((await disputes()).disputes.total).toBe(2);
    expect((await searchWorks(db, { sortBy: 'disputes' })).works[0]!.id).toBe(workId);
  });

  it('changes nothing when an event is delivered again', async () => {
    const before = await snapshot(db);
    const events = await store.readAll({ commit: 0n, prepare: 0n }, { limit: 1000 });
    await db.transaction(async (tx) => {
      for (const event of events.filter((e) => worksProjection.handles.has(e.type))) expect(await worksProjection.apply(tx, event)).toBeNull();
    });
    expect(await snapshot(db)).toEqual(before);
  });

  it('rebuilt from the events equals the live read model', async () => {
    await projector.waitFor(last);
    await projector.stop();
    const live = await snapshot(db);
    await rebuildProjections(db, store, [worksProjection]);
    expect(await snapshot(db)).toEqual(live);
    await projector.start();
  });
});

async function snapshot(db: Db) {
  const table = async (sql: string) => (await db.query(sql)).rows;
  return {
    works: await table('SELECT * FROM registry_works ORDER BY id'),
    creators: await table('SELECT * FROM registry_creators ORDER BY user_id'),
    licensing: await table('SELECT * FROM registry_work_licensing ORDER BY kind, id'),
    disputes: await table('SELECT * FROM registry_work_disputes ORDER BY dispute_id'),
  };
}
