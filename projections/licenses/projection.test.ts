// The licensing marketplace read model on PGlite (with pg_trgm, as the embedded server runs it):
// offers built from the offer, track, user, contract and license events, a rebuild from the events
// equal to what the live projector built, and every filter and sort of the listing done in SQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceQuerySchema, type MarketplaceQuery } from '../../domain/contracts/licensing';
import { UserRegistered, userStreamId } from '../../domain/identity/user.events';
import { licenseOfferDecider, licenseOfferStreamId } from '../../domain/licensing/license-offer.decider';
import type { OfferDetails } from '../../domain/licensing/license-offer.events';
import { LicenseIssued, LicensePurchaseRequested, LicenseRated } from '../../domain/licensing/license.events';
import { eventRegistry } from '../../domain/registry';
import { RoyaltyContractCreated, RoyaltyContractStatusChanged, royaltyContractStreamId } from '../../domain/royalties/royalty-contract.events';
import { TrackCertificateIssued, TrackCopyrightCheckStarted, TrackCopyrightChecked } from '../../domain/track/stage.events';
import { TrackFileStored, TrackProbed, TrackUploadReceived, trackStreamId } from '../../domain/track/track.events';
import type { Db } from '../../infra/db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../../infra/db/migrate';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { START, type GlobalPosition } from '../../infra/eventstore/event-store';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { appealDispute, closeDispute, fileDispute, resolveDispute } from '../../tests/support/seed-dispute';
import { checkAnalysis } from '../../tests/support/seed-track';
import { Projector, rebuildProjections } from '../projector';
import { licensesProjection } from './projection';
import { findOffer, listMarketplace, NO_ESCROW } from './queries';

let db: Db;
let store: PostgresEventStore;
let projector: Projector;
let last: GlobalPosition;
const sha256 = 'c'.repeat(64);
const metadata = () => ({ correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() });

async function append(streamId: string, events: { type: string; data: unknown }[]): Promise<void> {
  const existing = await store.readStream(streamId);
  const result = await store.append(streamId, events.map((event) => ({ eventId: randomUUID(), ...event, metadata: metadata() })), existing.length === 0 ? 'no_stream' : existing.length);
  last = result.lastPosition;
}

async function user(username: string): Promise<string> {
  const userId = randomUUID();
  await append(userStreamId(userId), [UserRegistered.create({ userId, username, passwordHash: 'x'.repeat(20) })]);
  return userId;
}

interface WorkOptions {
  title: string;
  contentType?: 'music' | 'video' | 'image' | 'text';
  genre?: string | null;
  status?: 'cleared' | 'needs_review';
  score?: number;
  certificate?: boolean;
}

async function work(ownerId: string, { title, contentType = 'music', genre = null, status = 'cleared', score = 96, certificate = true }: WorkOptions): Promise<string> {
  const trackId = randomUUID();
  const events: { type: string; data: unknown }[] = [
    TrackUploadReceived.create({ trackId, ownerId, title, description: '', contentType, royaltySplit: 100, originalName: 'x.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 10, genre }),
    TrackFileStored.create({ trackId, storedName: 'x.wav', sha256, size: 10 }),
    TrackProbed.create({ trackId, format: 'wav', durationSeconds: 120, codec: null, sampleRate: 44100, channels: 2, bitRate: null }),
    TrackCopyrightCheckStarted.create({ trackId, checkId: 'c1', storedName: 'x.wav', sha256 }),
    TrackCopyrightChecked.create({ trackId, checkId: 'c1', sha256, elapsedSeconds: 1, analysis: checkAnalysis({ status, clearanceScore: score }) }),
  ];
  if (certificate) {
    events.push(TrackCertificateIssued.create({
      trackId, certificateId: `GOOSE-CERT-${trackId.slice(0, 8)}`, certificate: { certificateId: `GOOSE-CERT-${trackId.slice(0, 8)}`, xrplTxHash: 'A'.repeat(64), sha256 },
      signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', canonicalization: 'RFC8785', value: 'sig' },
    }));
  }
  await append(trackStreamId(trackId), events);
  return trackId;
}

const baseOffer: OfferDetails = {
  type: 'synchronization',
  scope: 'limited',
  territory: 'Worldwide',
  duration: 'Perpetual',
  currency: 'USD',
  priceCents: 5000,
  originalPriceCents: null,
  paymentOptions: ['stripe', 'qxmp_tokens'],
  terms: { permissions: ['Sync in one video'], restrictions: [], attributionRequired: true, commercialUse: true, derivatives: true, distribution: true, customTerms: null },
};

async function offer(ownerId: string, workId: string, title: string, details: Partial<OfferDetails> = {}, registered = true): Promise<string> {
  const offerId = randomUUID();
  const { result } = await handleCommand(store, licenseOfferStreamId(offerId), licenseOfferDecider, {
    type: 'OfferLicense',
    data: { offerId, actorId: ownerId, work: { workId, ownerId, title, registered }, licensingFrozen: false, offer: { ...baseOffer, ...details }, offeredAt: new Date().toISOString() },
  }, { correlationId: 'test', actor: ownerId });
  last = result!.lastPosition;
  return offerId;
}

async function sell(offerId: string, workId: string, ownerId: string, buyerId: string, rating: number | null): Promise<void> {
  const licenseId = randomUUID();
  const events: { type: string; data: unknown }[] = [
    LicensePurchaseRequested.create({ licenseId, offerId, workId, workTitle: 't', ownerId, buyerId, offer: baseOffer, paymentMethod: 'qxmp_tokens', currency: 'USD', priceCents: 5000, requestedAt: new Date().toISOString() }),
    LicenseIssued.create({
      licenseId, certificateId: `LIC-${licenseId}`, certificate: { certificateId: `LIC-${licenseId}`, licenseId, workId, buyer: 'b', owner: 'o' },
      signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', canonicalization: 'RFC8785', value: 'sig' }, proofId: `proof-${licenseId}`, settlementReference: 'hold-1', issuedAt: new Date().toISOString(),
    }),
  ];
  if (rating !== null) events.push(LicenseRated.create({ licenseId, rating, ratedAt: new Date().toISOString() }));
  await append(`license-${licenseId}`, events);
}

async function snapshot(): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of licensesProjection.tables) tables[table] = (await db.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
  return tables;
}

const list = async (query: MarketplaceQuery) => listMarketplace(db, marketplaceQuerySchema.parse(query), NO_ESCROW);
const titles = async (query: MarketplaceQuery) => (await list(query)).licenses.map((l) => l.workTitle);

let owner: string;
let rain: { workId: string; offerId: string };
let ids: Record<string, string>;
let copperWork: string;

beforeAll(async () => {
  db = await pooledPglite();
  await migrate(db, eventStoreMigrations);
  store = new PostgresEventStore(db, eventRegistry);
  projector = new Projector(db, store, [licensesProjection]);
  await projector.start();

  owner = await user('nova');
  const other = await user('ember');
  const buyer = await user('buyer');
  const rainWork = await work(owner, { title: 'Midnight Rain', genre: 'Ambient' });
  rain = { workId: rainWork, offerId: await offer(owner, rainWork, 'Midnight Rain', { priceCents: 4999, originalPriceCents: 6999 }) };
  // A contract made after the offer reaches it; its status moves with the contract's.
  const contractId = randomUUID();
  await append(royaltyContractStreamId(contractId), [RoyaltyContractCreated.create({
    contractId, contentId: rainWork, ownerId: owner, contentTitle: 'Midnight Rain', templateType: 'standard_royalty', royaltySplit: 85, distributionSchedule: 'weekly',
    minimumThreshold: 100, terms: {}, canonical: '{}', termsSha256: sha256, signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '1', usdAmount: '1',
  })]);
  const video = await work(other, { title: 'Desert Sun', contentType: 'video', genre: 'Documentary' });
  const review = await work(other, { title: 'Copper Lines', status: 'needs_review', score: 72 });
  copperWork = review;
  const disputedWork = await work(other, { title: 'Harbor Lights' });
  const disputedContract = randomUUID();
  await append(royaltyContractStreamId(disputedContract), [
    RoyaltyContractCreated.create({
      contractId: disputedContract, contentId: disputedWork, ownerId: other, contentTitle: 'Harbor Lights', templateType: 'standard_royalty', royaltySplit: 70, distributionSchedule: 'on_demand',
      minimumThreshold: 100, terms: {}, canonical: '{}', termsSha256: sha256, signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '1', usdAmount: '1',
    }),
  ]);
  ids = {
    rain: rain.offerId,
    desert: await offer(other, video, 'Desert Sun', { type: 'distribution', scope: 'exclusive', territory: 'US, CA', duration: '1 year', currency: 'QXMP', priceCents: 90000, paymentOptions: ['qxmp_tokens'] }),
    copper: await offer(other, review, 'Copper Lines', { type: 'reproduction', priceCents: 1500, paymentOptions: ['polygon_escrow'] }),
    harbor: await offer(other, disputedWork, 'Harbor Lights', { type: 'public_performance', scope: 'single_use', priceCents: 2500 }),
  };
  await append(royaltyContractStreamId(disputedContract), [RoyaltyContractStatusChanged.create({ contractId: disputedContract, status: 'disputed', reason: 'A claim' })]);
  const gone = await offer(other, video, 'Desert Sun', { scope: 'royalty_free', priceCents: 100 });
  await handleCommand(store, licenseOfferStreamId(gone), licenseOfferDecider, { type: 'WithdrawOffer', data: { actorId: other, reason: 'Withdrawn by the owner' } }, { correlationId: 't', actor: other }).then(({ result }) => {
    last = result!.lastPosition;
  });
  ids.gone = gone;
  await sell(rain.offerId, rainWork, owner, buyer, 5);
  await sell(rain.offerId, rainWork, owner, buyer, 4);
  await sell(ids.desert!, video, other, buyer, 3);
  await projector.waitFor(last);
});

afterAll(async () => {
  await projector.stop();
  await store.close();
  await db.close();
});

describe('licenses projection', () => {
  it('builds an offer with its work, creator, contract, sales and ratings', async () => {
    const stored = await findOffer(db, rain.offerId, NO_ESCROW);
    expect(stored?.ownerId).toBe(owner);
    expect(stored?.license).toMatchObject({
      workId: rain.workId, workTitle: 'Midnight Rain', creator: 'nova', contentType: 'audio', type: 'synchronization', totalSales: 2, rating: 4.5, ratingCount: 2, status: 'active',
      pricing: { currency: 'USD', amount: 49.99, amountCents: 4999, originalPrice: 69.99, discount: 29, paymentOptions: ['stripe', 'qxmp_tokens'] },
      smartContract: { contractStatus: 'active', royaltyRate: 85, blockchainNetwork: 'xrpl-testnet', automaticPayouts: true, escrowAddress: null, escrowAmount: null },
      verification: { ownershipVerified: true, rightsCleared: true, oracleScore: 96, disputeCount: 0 },
    });
    const harbor = await findOffer(db, ids.harbor!, NO_ESCROW);
    expect(harbor?.license.smartContract).toMatchObject({ contractStatus: 'disputed', royaltyRate: 70, automaticPayouts: false });
    const copper = await findOffer(db, ids.copper!, { address: 'rPlatformAccount', usdPerXrp: 0.5 });
    expect(copper?.license.smartContract).toMatchObject({ contractId: null, contractStatus: 'pending', escrowAddress: 'rPlatformAccount', escrowAmount: '30.000000' });
    expect(copper?.license.verification).toMatchObject({ rightsCleared: false, oracleScore: 72 });
    expect(await findOffer(db, 'nope', NO_ESCROW)).toBeNull();
  });

  it("counts a work's open disputes onto its offers: filed and appealed count, resolved and closed do not, an oracle review never", async () => {
    const disputes = async () => (await findOffer(db, ids.copper!, NO_ESCROW))!.license.verification.disputeCount;
    const inNoDisputes = async () => (await list({ onlyVerified: 'false', onlyNoDisputes: 'true' })).licenses.some((l) => l.id === ids.copper);
    const { disputeId, position } = await fileDispute(store, { workId: copperWork, ownerId: owner });
    await projector.waitFor(position);
    expect([await disputes(), await inNoDisputes()]).toEqual([1, false]);
    await projector.waitFor(await resolveDispute(store, disputeId, 'upheld'));
    expect([await disputes(), await inNoDisputes()]).toEqual([0, true]);
    await projector.waitFor(await appealDispute(store, disputeId));
    expect(await disputes()).toBe(1);
    await projector.waitFor(await resolveDispute(store, disputeId, 'rejected'));
    await projector.waitFor(await closeDispute(store, disputeId));
    const review = await fileDispute(store, { workId: copperWork, ownerId: owner, kind: 'oracle_review' });
    await projector.waitFor(review.position);
    expect([await disputes(), await inNoDisputes()]).toEqual([0, true]);
  });

  it('rebuilt from the events equals the live read model, and applying again changes nothing', async () => {
    const live = await snapshot();
    expect(live.marketplace_offers).toHaveLength(5);
    await rebuildProjections(db, store, [licensesProjection]);
    expect(await snapshot()).toEqual(live);
    const events = await store.readAll(START, { limit: 1000 });
    await db.transaction(async (tx) => {
      for (const event of events) if (licensesProjection.handles.has(event.type)) await licensesProjection.apply(tx, event);
    });
    expect(await snapshot()).toEqual(live);
  });
});

describe('marketplace listing', () => {
  const all = { onlyVerified: 'false', onlyNoDisputes: 'false' } as const;

  it('lists active offers only, verified and undisputed by default', async () => {
    expect((await list({})).licenses.map((l) => l.id).sort()).toEqual([ids.rain, ids.desert].sort());
    expect((await list(all)).total).toBe(4);
    expect(await titles({ ...all, onlyNoDisputes: 'true' })).not.toContain('Harbor Lights');
    expect(await titles({ ...all, onlyVerified: 'true' })).not.toContain('Copper Lines');
  });

  it('searches words and typos of titles and creators', async () => {
    expect(await titles({ ...all, query: 'midnight rain' })).toEqual(['Midnight Rain']);
    expect(await titles({ ...all, query: 'Midnigth' })).toEqual(['Midnight Rain']);
    expect(await titles({ ...all, query: 'ember' })).toHaveLength(3);
    expect(await titles({ ...all, query: 'synchronization' })).toEqual(['Midnight Rain']);
    expect(await titles({ ...all, query: 'zzzzqqq' })).toEqual([]);
    // The count and the page come from the same gathered matches; a page past them still counts them.
    expect((await list({ ...all, query: 'ember' })).total).toBe(3);
    expect(await list({ ...all, query: 'ember', offset: 40 })).toEqual({ licenses: [], total: 3 });
  });

  it('filters by work, content type, license type, scope, territory, duration, currency, payment method and price', async () => {
    expect(await titles({ ...all, workId: rain.workId })).toEqual(['Midnight Rain']);
    expect(await titles({ ...all, contentType: 'video' })).toEqual(['Desert Sun']);
    expect(await titles({ ...all, licenseType: 'reproduction' })).toEqual(['Copper Lines']);
    expect(await titles({ ...all, scope: 'single_use' })).toEqual(['Harbor Lights']);
    expect(await titles({ ...all, territory: 'us, ca' })).toEqual(['Desert Sun']);
    expect(await titles({ ...all, duration: '1 year' })).toEqual(['Desert Sun']);
    expect(await titles({ ...all, currency: 'QXMP' })).toEqual(['Desert Sun']);
    expect(await titles({ ...all, paymentMethod: 'polygon_escrow' })).toEqual(['Copper Lines']);
    expect((await titles({ ...all, priceRange: '20,50', sortBy: 'price_low' }))).toEqual(['Harbor Lights', 'Midnight Rain']);
    expect(await titles({ ...all, priceRange: '0,10000' })).toHaveLength(4);
  });

  it('sorts by popularity, price, rating, newest and sales, and pages', async () => {
    expect(await titles({ ...all, sortBy: 'price_low' })).toEqual(['Copper Lines', 'Harbor Lights', 'Midnight Rain', 'Desert Sun']);
    expect(await titles({ ...all, sortBy: 'price_high' })).toEqual(['Desert Sun', 'Midnight Rain', 'Harbor Lights', 'Copper Lines']);
    expect((await titles({ ...all, sortBy: 'rating' })).slice(0, 2)).toEqual(['Midnight Rain', 'Desert Sun']);
    expect(await titles({ ...all, sortBy: 'newest' })).toEqual(['Harbor Lights', 'Copper Lines', 'Desert Sun', 'Midnight Rain']);
    expect((await titles({ ...all, sortBy: 'sales' })).slice(0, 2)).toEqual(['Midnight Rain', 'Desert Sun']);
    expect((await titles({ ...all, sortBy: 'popularity' })).slice(0, 2)).toEqual(['Midnight Rain', 'Desert Sun']);
    const page = await list({ ...all, sortBy: 'price_low', limit: 2, offset: 2 });
    expect(page).toMatchObject({ total: 4 });
    expect(page.licenses.map((l) => l.workTitle)).toEqual(['Midnight Rain', 'Desert Sun']);
    expect(await list({ ...all, offset: 40 })).toEqual({ licenses: [], total: 4 });
  });

  it("lists an owner's every offer, withdrawn included", async () => {
    const mine = await listMarketplace(db, marketplaceQuerySchema.parse({ ...all, sortBy: 'newest' }), NO_ESCROW, { ownerId: (await findOffer(db, ids.gone!, NO_ESCROW))!.ownerId });
    expect(mine.licenses.map((l) => [l.workTitle, l.status])).toEqual([
      ['Desert Sun', 'withdrawn'], ['Harbor Lights', 'active'], ['Copper Lines', 'active'], ['Desert Sun', 'active'],
    ]);
  });
});
