// The distribution routes through inject on the whole app (PGlite): the catalogue, the
// refusals (no store, no registration, someone else's track), a sandbox release submitted and
// driven by the release activities (a stand-in for the workflow), charging nothing and saying no
// store receives it, its package downloaded and valid, the releases listed to their owner only,
// and a takedown; with a delivery partner configured: its stores only, the fee checked (402), and
// no release at all while the ISRC/UPC prefixes are the placeholders (503).
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MockActivityEnvironment } from '@temporalio/testing';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributeResponseSchema, distributionListSchema, type DistributeRequest } from '../../../domain/contracts/distribution';
import { isValidIsrc, isValidUpc } from '../../../domain/distribution/identifiers';
import { releaseDecider } from '../../../domain/distribution/release.decider';
import { releaseStreamId } from '../../../domain/distribution/release.events';
import { tokensToMicros } from '../../../domain/shared/tokens';
import { generateCoverPng } from '../../../infra/distribution/cover-art';
import { validateErn } from '../../../infra/distribution/ddex-ern';
import { releaseDirectory, validateReleasePackage } from '../../../infra/distribution/release-package';
import { multipartBody } from '../../../tests/support/multipart';
import { SandboxDistributor } from '../../../infra/distribution/sandbox-distributor';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { sineWav } from '../../../tests/support/audio';
import { releaseForm } from '../../../tests/support/release-form';
import { seedTrack } from '../../../tests/support/seed-track';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createReleaseActivities } from '../../../workflows/release/activities';
import type { ReleaseClient } from '../../../workflows/release/client';
import type { ReleaseInput } from '../../../workflows/release/shared';
import { earliestTodayOnEarth, NO_STORE_SELECTED, NOT_READY_FOR_STORES, RELEASE_DATE_PAST, SANDBOX_DIALOG_NOTICE } from '.';

let testApp: TestApp;
let dir: string;
const started: ReleaseInput[] = [];

/** The workflow's stand-in: start is noted (the test drives the activities); takedown records it as the workflow would. */
const releases: ReleaseClient = {
  start: async (input) => {
    started.push(input);
    return { workflowId: `release-${input.distributionId}` };
  },
  takedown: async (input, command) => {
    const context = { correlationId: command.correlationId, actor: command.actor };
    await handleCommand(testApp.eventStore, releaseStreamId(input.distributionId), releaseDecider, { type: 'RequestTakedown', data: { distributionId: input.distributionId, reason: command.reason } }, context);
    await handleCommand(testApp.eventStore, releaseStreamId(input.distributionId), releaseDecider, { type: 'RecordTakenDown', data: { distributionId: input.distributionId, at: new Date().toISOString() } }, context);
    return { ok: true };
  },
  retryDelivery: async () => undefined,
};

const unexpected = async (): Promise<never> => {
  throw new Error('the track lifecycle is not part of distribution');
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-distribution-routes-'));
  testApp = await startTestApp(dir, { start: unexpected, master: unexpected, startMaster: unexpected, check: unexpected, register: unexpected, retryRegistration: unexpected }, { releases });
});
afterAll(async () => {
  await testApp.close();
  await rm(dir, { recursive: true, force: true });
});

async function signup(): Promise<{ cookie: string; userId: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id };
}

async function registeredTrack(ownerId: string, until: 'registered' | 'cleared' = 'registered'): Promise<string> {
  const { trackId, storedName } = await seedTrack(testApp, ownerId, { until, title: 'Night Drive' });
  await writeFile(testApp.storage.storedPath(storedName), sineWav({ seconds: 0.2 }));
  return trackId;
}

const request = (contentId: string, overrides: Partial<DistributeRequest> = {}): DistributeRequest => ({ contentId, ...releaseForm(), ...overrides });

const distribute = (cookie: string, body: DistributeRequest) => testApp.app.inject({ method: 'POST', url: '/api/tunecore/distribute', headers: { cookie }, payload: body });

/** Runs the workflow's steps with the real activities, as the workflow would, and waits for the read model. */
async function runRelease(input: ReleaseInput, polls: number): Promise<void> {
  const activities = createReleaseActivities({ eventStore: testApp.eventStore, storage: testApp.storage, distributor: new SandboxDistributor(dir), dataDir: dir });
  const env = new MockActivityEnvironment();
  for (const step of [activities.buildPackage, activities.validatePackage, activities.deliverPackage]) expect(await env.run(step, input)).toEqual({ ok: true });
  for (let i = 0; i < polls; i++) await env.run(activities.pollStores, input);
  const last = (await testApp.eventStore.readStream(releaseStreamId(input.distributionId))).at(-1)!;
  await testApp.projector.waitFor(last.position);
}

describe('distribution routes', () => {
  it('lists the stores and genres to anyone', async () => {
    const stores = await testApp.app.inject({ method: 'GET', url: '/api/tunecore/stores' });
    expect(stores.json().stores).toContainEqual({ id: 'spotify', name: 'Spotify', description: 'Streaming, worldwide' });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/tunecore/genres' })).json().genres).toContain('Electronic');
  });

  it("refuses a release with no store, no ledger registration or someone else's track; the sandbox asks no tokens", async () => {
    const owner = await signup();
    const registered = await registeredTrack(owner.userId);
    const noStore = await distribute(owner.cookie, request(registered, { selectedStores: [] }));
    expect([noStore.statusCode, noStore.json()]).toEqual([400, { error: NO_STORE_SELECTED }]);

    const unregistered = await distribute(owner.cookie, request(await registeredTrack(owner.userId, 'cleared')));
    expect(unregistered.statusCode).toBe(400);
    expect(unregistered.json().error).toMatch(/^Copyright Registration Required/);

    const stranger = await signup();
    expect((await distribute(stranger.cookie, request(registered))).statusCode).toBe(404);

    // The sandbox charges nothing, so a creator whose tokens are all held elsewhere can still try it.
    await testApp.tokenLedger.execute(
      owner.userId,
      { type: 'Hold', data: { holdId: 'elsewhere', service: 'copyright-registration', priceMicros: tokensToMicros(40), subjectId: registered, description: 'Another step', at: new Date().toISOString() } },
      { correlationId: 'test', actor: 'test' },
    );
    const free = await distribute(owner.cookie, request(registered));
    expect(free.statusCode).toBe(200);
    expect(free.json().message).toMatch(/no store will receive it and nothing is charged/);
  });

  it('says before submitting that the sandbox sends nothing to any store and charges nothing', async () => {
    const info = await testApp.app.inject({ method: 'GET', url: '/api/tunecore/delivery' });
    expect(info.json()).toEqual({ mode: 'sandbox', partnerName: null, storeIds: expect.arrayContaining(['spotify', 'beatport']), feeTokens: 0, notice: SANDBOX_DIALOG_NOTICE });
    expect(SANDBOX_DIALOG_NOTICE).toMatch(/no store will receive this release/);
  });

  it('submits a release with a UPC and ISRC, starts its workflow, shows the stores as they settle, serves its ERN, and takes it down', async () => {
    const owner = await signup();
    const trackId = await registeredTrack(owner.userId);
    const response = await distribute(owner.cookie, request(trackId));
    expect(response.statusCode).toBe(200);
    const { distribution } = distributeResponseSchema.parse(response.json());
    expect(distribution).toMatchObject({ contentId: trackId, status: 'pending', distributor: 'sandbox', royaltyEarnings: 0, takenDownAt: null });
    expect(isValidUpc(distribution.upc!) && isValidIsrc(distribution.isrc!)).toBe(true);
    expect(distribution.stores.map((s) => [s.storeId, s.state])).toEqual([['spotify', 'pending'], ['beatport', 'pending']]);
    expect(started.at(-1)).toMatchObject({ distributionId: distribution.id, ownerId: owner.userId });

    expect((await distribute(owner.cookie, request(trackId))).statusCode).toBe(409);
    const notBuilt = await testApp.app.inject({ method: 'GET', url: `/api/tunecore/distributions/${distribution.id}/package`, headers: { cookie: owner.cookie } });
    expect(notBuilt.statusCode).toBe(404);

    await runRelease(started.at(-1)!, 2);
    const list = distributionListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/tunecore/distributions', headers: { cookie: owner.cookie } })).json());
    expect(list.distributions).toHaveLength(1);
    expect(list.distributions[0]).toMatchObject({ status: 'distributed', distributor: 'sandbox', renewsAt: null, notice: expect.stringContaining('no store received it') });
    expect(list.distributions[0]!.stores.map((s) => s.state)).toEqual(['distributed', 'distributed']);

    const ern = await testApp.app.inject({ method: 'GET', url: `/api/tunecore/distributions/${distribution.id}/package`, headers: { cookie: owner.cookie } });
    expect(ern.statusCode).toBe(200);
    expect(ern.headers['content-type']).toMatch(/^application\/xml/);
    expect(ern.headers['content-disposition']).toBe(`attachment; filename="${distribution.upc}_ern.xml"`);
    expect(validateErn(ern.body).errors).toEqual([]);

    const stranger = await signup();
    expect((await testApp.app.inject({ method: 'GET', url: '/api/tunecore/distributions', headers: { cookie: stranger.cookie } })).json()).toEqual({ distributions: [] });

    const takedown = await testApp.app.inject({ method: 'POST', url: `/api/tunecore/distributions/${distribution.id}/takedown`, headers: { cookie: owner.cookie } });
    expect(takedown.statusCode).toBe(200);
    expect(takedown.json().distribution).toMatchObject({ status: 'taken_down', renewsAt: null, takenDownAt: expect.any(String) });
    const again = await testApp.app.inject({ method: 'POST', url: `/api/tunecore/distributions/${distribution.id}/takedown`, headers: { cookie: owner.cookie } });
    expect([again.statusCode, again.json()]).toEqual([409, { error: 'The release is already taken down' }]);
    expect((await distribute(owner.cookie, request(trackId))).statusCode).toBe(200);
  });
});

describe('cover art, credits and the release date', () => {
  const uploadCover = (cookie: string | undefined, content: Buffer, filename = 'cover.png') => {
    const { payload, headers } = multipartBody({}, { filename, contentType: 'image/png', content });
    return testApp.app.inject({ method: 'POST', url: '/api/tunecore/cover-art', headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload });
  };
  const blankPng = (width: number, height: number) => PNG.sync.write(new PNG({ width, height }));

  it('refuses a cover that is not an image, too small, not square, damaged or too large, with a clear 4xx', async () => {
    const { cookie } = await signup();
    expect((await uploadCover(undefined, generateCoverPng('x'))).statusCode).toBe(401);
    const text = await uploadCover(cookie, Buffer.from('not an image at all, only words'), 'cover.png');
    expect([text.statusCode, text.json()]).toEqual([400, { error: 'The cover must be a JPEG or PNG image' }]);
    const gif = await uploadCover(cookie, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    expect([gif.statusCode, gif.json().error]).toEqual([400, 'The cover must be a JPEG or PNG image (this file is GIF)']);
    const small = await uploadCover(cookie, generateCoverPng('small', 1000));
    expect([small.statusCode, small.json()]).toEqual([400, { error: 'The cover must be at least 3000×3000 pixels: this one is 1000×1000' }]);
    const wide = await uploadCover(cookie, blankPng(3200, 3000));
    expect([wide.statusCode, wide.json()]).toEqual([400, { error: 'The cover must be square: this one is 3200×3000 pixels' }]);
    const damaged = generateCoverPng('damaged').subarray(0, 200);
    expect((await uploadCover(cookie, damaged)).json()).toEqual({ error: 'The cover could not be read: the PNG image is damaged' });
    const huge = await uploadCover(cookie, Buffer.concat([generateCoverPng('huge'), Buffer.alloc(21 * 1024 * 1024)]));
    expect([huge.statusCode, huge.json()]).toEqual([413, { error: 'The cover is too large: at most 20 MB' }]);
  });

  it('refuses a release date in the past and credits without a songwriter or a performer', async () => {
    const owner = await signup();
    const trackId = await registeredTrack(owner.userId);
    const past = await distribute(owner.cookie, request(trackId, { releaseDate: '2020-01-01', saleDate: '2020-01-01' }));
    expect([past.statusCode, past.json()]).toEqual([400, { error: RELEASE_DATE_PAST }]);
    expect(earliestTodayOnEarth(new Date('2026-11-29T05:00:00Z'))).toBe('2026-11-28');
    const noWriter = await distribute(owner.cookie, request(trackId, { credits: [{ name: 'Ada', role: 'MainArtist' }] }));
    expect(noWriter.statusCode).toBe(400);
    expect(noWriter.json().error).toMatch(/Credit at least one songwriter and one performer/);
    const badRole = await distribute(owner.cookie, request(trackId, { credits: [{ name: 'Ada', role: 'Drummer' as never }, { name: 'Ada', role: 'Composer' }] }));
    expect(badRole.statusCode).toBe(400);
    const someoneElses = await distribute(owner.cookie, request(trackId, { coverArtId: randomUUID() }));
    expect([someoneElses.statusCode, someoneElses.json().error]).toEqual([400, expect.stringMatching(/^No uploaded cover with id/)]);
  });

  it("puts the creator's cover and credits into the release, its package and its ERN; another creator cannot use that cover", async () => {
    const owner = await signup();
    const trackId = await registeredTrack(owner.userId);
    const coverBytes = generateCoverPng('creator cover');
    const upload = await uploadCover(owner.cookie, coverBytes, 'my cover.png');
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toMatchObject({ mimeType: 'image/png', width: 3000, height: 3000, size: coverBytes.length });
    const { coverArtId } = upload.json() as { coverArtId: string };

    const stranger = await signup();
    const stolen = await distribute(stranger.cookie, request(await registeredTrack(stranger.userId), { coverArtId }));
    expect(stolen.statusCode).toBe(400);

    const credits = [
      { name: 'Ada Writer', role: 'Composer' as const },
      { name: 'Bo Lyrics', role: 'Lyricist' as const },
      { name: 'Night Owl', role: 'MainArtist' as const },
    ];
    const response = await distribute(owner.cookie, request(trackId, { credits, coverArtId }));
    expect(response.statusCode).toBe(200);
    const { distribution } = distributeResponseSchema.parse(response.json());
    expect(distribution).toMatchObject({ credits, coverArt: { mimeType: 'image/png', width: 3000, height: 3000 } });

    await runRelease(started.at(-1)!, 0);
    const directory = releaseDirectory(distribution.id);
    expect(await readFile(path.join(dir, directory, 'resources/A2.png'))).toEqual(coverBytes);
    expect((await validateReleasePackage(dir, directory)).errors).toEqual([]);
    const ern = (await testApp.app.inject({ method: 'GET', url: `/api/tunecore/distributions/${distribution.id}/package`, headers: { cookie: owner.cookie } })).body;
    for (const credit of credits) expect(ern).toContain(`<FullName>${credit.name}</FullName>`);
    expect(ern).toMatch(/<Role>Composer<\/Role>[\s\S]*<Role>Lyricist<\/Role>[\s\S]*<Role>MainArtist<\/Role>/);

    // Without credits (an API caller), the artist name is credited as songwriter and performer.
    const other = await distribute(stranger.cookie, request(await registeredTrack(stranger.userId)));
    expect(distributeResponseSchema.parse(other.json()).distribution).toMatchObject({
      coverArt: null,
      credits: [
        { name: 'Night Owl', role: 'ComposerLyricist' },
        { name: 'Night Owl', role: 'MainArtist' },
      ],
    });
  });
});

describe('distribution routes with a delivery partner', () => {
  let partnerApp: TestApp;
  let placeholderApp: TestApp;
  let partnerDir: string;
  const partner = { id: 'acme', name: 'Acme Distribution', stores: ['spotify', 'beatport'] };
  beforeAll(async () => {
    partnerDir = await mkdtemp(path.join(os.tmpdir(), 'goose-distribution-partner-'));
    const lifecycle = { start: unexpected, master: unexpected, startMaster: unexpected, check: unexpected, register: unexpected, retryRegistration: unexpected };
    partnerApp = await startTestApp(path.join(partnerDir, 'a'), lifecycle, { releases, delivery: { prefixes: { isrc: 'USAB1', upc: '1234' }, partner } });
    placeholderApp = await startTestApp(path.join(partnerDir, 'b'), lifecycle, { releases, delivery: { prefixes: { isrc: 'QZGSE', upc: '0860' }, partner } });
  }, 60_000);
  afterAll(async () => {
    await partnerApp?.close();
    await placeholderApp?.close();
    await rm(partnerDir, { recursive: true, force: true });
  });

  const signupOn = async (on: TestApp) => {
    const response = await on.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
    return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id as string };
  };
  const trackOn = async (on: TestApp, ownerId: string) => {
    const { trackId, storedName } = await seedTrack(on, ownerId, { until: 'registered', title: 'Night Drive' });
    await writeFile(on.storage.storedPath(storedName), sineWav({ seconds: 0.2 }));
    return trackId;
  };
  const distributeOn = (on: TestApp, cookie: string, body: DistributeRequest) => on.app.inject({ method: 'POST', url: '/api/tunecore/distribute', headers: { cookie }, payload: body });

  it("offers the partner's stores and fee, refuses a store it does not serve, and refuses a creator without the fee (402)", async () => {
    expect((await partnerApp.app.inject({ method: 'GET', url: '/api/tunecore/delivery' })).json()).toEqual({ mode: 'partner', partnerName: 'Acme Distribution', storeIds: ['spotify', 'beatport'], feeTokens: 14.99, notice: null });
    const owner = await signupOn(partnerApp);
    const trackId = await trackOn(partnerApp, owner.userId);
    const tidal = await distributeOn(partnerApp, owner.cookie, request(trackId, { selectedStores: ['tidal'] }));
    expect([tidal.statusCode, tidal.json()]).toEqual([400, { error: 'Acme Distribution does not deliver to TIDAL' }]);
    await partnerApp.tokenLedger.execute(
      owner.userId,
      { type: 'Hold', data: { holdId: 'elsewhere', service: 'copyright-registration', priceMicros: tokensToMicros(40), subjectId: trackId, description: 'Another step', at: new Date().toISOString() } },
      { correlationId: 'test', actor: 'test' },
    );
    const unpaid = await distributeOn(partnerApp, owner.cookie, request(trackId));
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().error).toMatch(/Insufficient tokens: this step costs 14.99/);
  });

  it('submits with the configured prefixes in the identifiers', async () => {
    const owner = await signupOn(partnerApp);
    const response = await distributeOn(partnerApp, owner.cookie, request(await trackOn(partnerApp, owner.userId)));
    expect(response.statusCode).toBe(200);
    const { distribution, message } = distributeResponseSchema.parse(response.json());
    expect(distribution.isrc).toMatch(/^USAB1\d{7}$/);
    expect(distribution.upc).toMatch(/^1234\d{8}$/);
    expect(message).toMatch(/through Acme Distribution/);
  });

  it('refuses to start a real release while the ISRC/UPC prefixes are the placeholders, recording nothing', async () => {
    const owner = await signupOn(placeholderApp);
    const before = started.length;
    const refused = await distributeOn(placeholderApp, owner.cookie, request(await trackOn(placeholderApp, owner.userId)));
    expect([refused.statusCode, refused.json()]).toEqual([503, { error: NOT_READY_FOR_STORES }]);
    expect(NOT_READY_FOR_STORES).not.toMatch(/ISRC_PREFIX|UPC_PREFIX/);
    expect(started.length).toBe(before);
    expect((await placeholderApp.app.inject({ method: 'GET', url: '/api/tunecore/distributions', headers: { cookie: owner.cookie } })).json()).toEqual({ distributions: [] });
  });
});
