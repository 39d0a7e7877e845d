// The offer routes through app.inject: an owner offers a license for a registered work and sees it
// listed publicly; refusals for another user's work (403), an unregistered work (400), an unknown
// one (404), a bad price and a frozen work (409); changes and withdrawal by the owner only, and a
// withdrawn offer no longer listed.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceListSchema, offerResponseSchema } from '../../../domain/contracts/licensing';
import { LICENSING_FROZEN } from '../../../domain/licensing/ports';
import { TrackCertificateIssued } from '../../../domain/track/stage.events';
import { appendTrackEvents, seedTrack } from '../../../tests/support/seed-track';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
const frozen = new Set<string>();

async function notExpected(): Promise<never> {
  throw new Error('the offer routes do not use the track lifecycle');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-offers-'));
  testApp = await startTestApp(
    dataDir,
    { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected },
    { licensingFrozenOf: (workId) => Promise.resolve(frozen.has(workId)) },
  );
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signup(): Promise<{ userId: string; cookie: string; username: string }> {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: 'correct horse battery' } });
  const session = response.cookies.find((c) => c.name === 'goose_session')!;
  return { userId: response.json().user.id, cookie: `goose_session=${session.value}`, username };
}

/** A track registered with its certificate issued, as the lifecycle leaves it. */
async function registeredWork(ownerId: string, title: string): Promise<string> {
  const { trackId, certificateId, txHash, sha256 } = await seedTrack(testApp, ownerId, { until: 'registered', title });
  await appendTrackEvents(testApp, trackId, ownerId, [
    TrackCertificateIssued.create({
      trackId, certificateId: certificateId!, certificate: { certificateId: certificateId!, xrplTxHash: txHash!, sha256 },
      signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', canonicalization: 'RFC8785', value: 'sig' },
    }),
  ]);
  return trackId;
}

const offerBody = (workId: string, overrides: object = {}) => ({
  workId,
  type: 'synchronization',
  scope: 'limited',
  territory: 'Worldwide',
  duration: 'Perpetual',
  currency: 'USD',
  priceCents: 4999,
  originalPriceCents: 6999,
  paymentOptions: ['stripe', 'qxmp_tokens', 'polygon_escrow'],
  terms: { permissions: ['Sync in one film'], restrictions: ['No remixes'], attributionRequired: true, commercialUse: true, derivatives: false, distribution: false, customTerms: 'Credit as "Nova"' },
  ...overrides,
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
  testApp.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

describe('license offer routes', () => {
  it('offers a license for a registered work and lists it publicly, with its detail and in the owner\'s offers', async () => {
    const owner = await signup();
    const workId = await registeredWork(owner.userId, 'Midnight Rain');
    const created = await inject('POST', '/api/licenses/offers', owner.cookie, offerBody(workId));
    expect(created.statusCode).toBe(201);
    const { license } = offerResponseSchema.parse(created.json());
    expect(license).toMatchObject({
      workId, workTitle: 'Midnight Rain', creator: owner.username, contentType: 'audio', status: 'active', totalSales: 0, rating: null,
      pricing: { currency: 'USD', amount: 49.99, originalPrice: 69.99, discount: 29 },
      verification: { ownershipVerified: true, rightsCleared: true, oracleScore: 100, disputeCount: 0 },
      // No royalty contract yet, and no ledger configured: no escrow address to show.
      smartContract: { contractId: null, contractStatus: 'pending', escrowAddress: null, escrowAmount: null },
    });

    const listed = marketplaceListSchema.parse((await inject('GET', `/api/licenses/marketplace?workId=${workId}`, null)).json());
    expect(listed.licenses.map((l) => l.id)).toEqual([license.id]);
    const searched = marketplaceListSchema.parse((await inject('GET', '/api/licenses/marketplace?query=Midnigth&licenseType=synchronization&priceRange=0,100', null)).json());
    expect(searched.licenses.map((l) => l.id)).toContain(license.id);
    expect((await inject('GET', `/api/licenses/marketplace/${license.id}`, null)).json()).toEqual({ license });
    const mine = marketplaceListSchema.parse((await inject('GET', '/api/licenses/offers', owner.cookie)).json());
    expect(mine.licenses.map((l) => l.id)).toEqual([license.id]);
  });

  it('refuses a visitor, another user\'s work, an unregistered or unknown work, a bad price and a frozen work', async () => {
    const owner = await signup();
    const other = await signup();
    const workId = await registeredWork(owner.userId, 'Desert Sun');
    expect((await inject('POST', '/api/licenses/offers', null, offerBody(workId))).statusCode).toBe(401);

    const foreign = await inject('POST', '/api/licenses/offers', other.cookie, offerBody(workId));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: "Only the work's owner can offer licenses for it" });

    const { trackId: unregistered } = await seedTrack(testApp, owner.userId, { until: 'registered' });
    const early = await inject('POST', '/api/licenses/offers', owner.cookie, offerBody(unregistered));
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatch(/^Only a registered work can be licensed/);

    expect((await inject('POST', '/api/licenses/offers', owner.cookie, offerBody(randomUUID()))).json()).toEqual({ error: 'Work not found' });

    const cheap = await inject('POST', '/api/licenses/offers', owner.cookie, offerBody(workId, { priceCents: 50 }));
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().error).toMatch(/at least 1\.00/);
    const discount = await inject('POST', '/api/licenses/offers', owner.cookie, offerBody(workId, { originalPriceCents: 1000 }));
    expect(discount.statusCode).toBe(400);
    expect(discount.json().error).toMatch(/original price must be above the price/);

    frozen.add(workId);
    const refused = await inject('POST', '/api/licenses/offers', owner.cookie, offerBody(workId));
    frozen.delete(workId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(LICENSING_FROZEN);
    const listed = marketplaceListSchema.parse((await inject('GET', `/api/licenses/marketplace?workId=${workId}&onlyVerified=false&onlyNoDisputes=false`, null)).json());
    expect(listed.total).toBe(0);
  });

  it('lets only the owner change and withdraw an offer; a withdrawn offer is not listed and cannot change', async () => {
    const owner = await signup();
    const other = await signup();
    const workId = await registeredWork(owner.userId, 'Copper Lines');
    const { license } = offerResponseSchema.parse((await inject('POST', '/api/licenses/offers', owner.cookie, offerBody(workId))).json());
    const { workId: _ignored, ...details } = offerBody(workId, { priceCents: 2500, originalPriceCents: null, paymentOptions: ['qxmp_tokens'] });

    const foreign = await inject('PUT', `/api/licenses/offers/${license.id}`, other.cookie, details);
    expect(foreign.statusCode).toBe(404);
    expect((await inject('DELETE', `/api/licenses/offers/${license.id}`, other.cookie)).statusCode).toBe(404);

    const updated = offerResponseSchema.parse((await inject('PUT', `/api/licenses/offers/${license.id}`, owner.cookie, details)).json());
    expect(updated.license.pricing).toMatchObject({ amountCents: 2500, originalPrice: null, discount: null, paymentOptions: ['qxmp_tokens'] });

    const withdrawn = await inject('DELETE', `/api/licenses/offers/${license.id}`, owner.cookie);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().license.status).toBe('withdrawn');
    const listed = marketplaceListSchema.parse((await inject('GET', `/api/licenses/marketplace?workId=${workId}`, null)).json());
    expect(listed.licenses).toEqual([]);
    const again = await inject('PUT', `/api/licenses/offers/${license.id}`, owner.cookie, details);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/withdrawn/);
    const mine = marketplaceListSchema.parse((await inject('GET', '/api/licenses/offers', owner.cookie)).json());
    expect(mine.licenses.map((l) => [l.id, l.status])).toEqual([[license.id, 'withdrawn']]);
    expect((await inject('GET', `/api/licenses/marketplace/${randomUUID()}`, null)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed listing query, a price range past the slider or upside down', async () => {
    for (const range of ['cheap', '19406159904700777319,10897447343179.3', '500,100']) {
      const response = await inject('GET', `/api/licenses/marketplace?priceRange=${range}`, null);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/priceRange/);
    }
  });
});
