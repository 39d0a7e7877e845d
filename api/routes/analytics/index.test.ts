// GET /api/analytics through app.inject on PGlite, with the read models fed by real events: content
// counted by type, status and check outcome as the vault shows it; tokens earned and spent from the
// token ledger; statement money from payable statements kept apart from self-reported estimates,
// by month, store and territory; a period leaves out what is older; a visitor is refused, a bad
// period is a 400, and one creator never sees another's figures.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema, type Analytics } from '../../../domain/contracts/analytics';
import { lineColumns, payableLinesStreamId, StatementLinesRecorded, statementLinesStreamId, type PayableSource } from '../../../domain/distribution/sales-statement.events';
import { TrackCopyrightCheckStarted, TrackCopyrightChecked } from '../../../domain/track/stage.events';
import { MICROS_PER_TOKEN } from '../../../domain/shared/tokens';
import { appendTrackEvents, checkAnalysis, seedTrack } from '../../../tests/support/seed-track';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;

async function notExpected(): Promise<never> {
  throw new Error('the analytics route starts no workflow');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-analytics-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signup(): Promise<{ userId: string; cookie: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `an_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  const session = response.cookies.find((c) => c.name === 'goose_session')!;
  return { userId: response.json().user.id, cookie: `goose_session=${session.value}` };
}

async function analytics(cookie: string, period?: string): Promise<Analytics> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/analytics${period ? `?period=${period}` : ''}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return analyticsSchema.parse(response.json());
}

const PAYABLE: PayableSource = { partnerId: 'tunecore', channel: 'partner_report', fileName: 'report.csv', checksum: 'a'.repeat(64), importedBy: 'partner:tunecore' };

/** Statement lines of one release, recorded as the import would: self-reported by its owner, or payable from a partner. */
async function recordLines(ownerId: string, contentId: string, period: string, lines: Array<{ store: string; country: string; units: number; amountCents: number }>, source?: PayableSource): Promise<void> {
  const statementId = randomUUID();
  const streamId = source ? payableLinesStreamId(source.partnerId, period, 0) : statementLinesStreamId(ownerId, period, 0);
  const event = StatementLinesRecorded.create({
    statementId,
    importerId: source ? `partner:${source.partnerId}` : ownerId,
    period,
    batchId: `${statementId}/0/0`,
    releases: [{ distributionId: randomUUID(), contentId, ownerId, title: 'Night Drive' }],
    lines: lineColumns(lines.map((line, index) => ({ ...line, key: `${statementId}-${index}`.padEnd(16, '0'), lineNumber: index + 1, identifier: 'USRC17607839', release: 0 }))),
    ...(source ? { source } : {}),
  });
  const existing = await testApp.eventStore.readStream(streamId);
  const result = await testApp.eventStore.append(
    streamId,
    [{ eventId: randomUUID(), metadata: { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() }, ...event }],
    existing.length === 0 ? 'no_stream' : existing.length,
  );
  await testApp.projector.waitFor(result.lastPosition);
}

describe('GET /api/analytics', () => {
  it('refuses a visitor and a period it does not know', async () => {
    const visitor = await testApp.app.inject({ method: 'GET', url: '/api/analytics' });
    expect(visitor.statusCode).toBe(401);
    const { cookie } = await signup();
    const bad = await testApp.app.inject({ method: 'GET', url: '/api/analytics?period=7y', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^period: period must be one of 30d, 90d, 12m, all/);
  });

  it('answers a new creator with nothing but the welcome bonus, by day for 90 days unless asked', async () => {
    const { cookie } = await signup();
    const figures = await analytics(cookie);
    expect(figures).toMatchObject({
      period: '90d',
      bucket: 'day',
      totalContent: 0,
      contentByType: { music: 0, video: 0, image: 0, text: 0 },
      copyrightStatus: { registered: 0, pending: 0, failed: 0 },
      checksByOutcome: [],
      payouts: { paid: 0, pending: 0, runs: 0, running: 0 },
      licenseSales: { count: 0, amountCents: 0, tokenAmountCents: 0, byBucket: [] },
      topTracks: { byEarnings: [], byLicenseSales: [] },
    });
    expect(figures.tokenTransactions.earned).toBeGreaterThan(0);
    expect(figures.tokenTransactions.balance).toBe(figures.tokenTransactions.earned);
    expect(figures.tokensOverTime).toHaveLength(1);
    expect(figures.royalties.payable).toEqual({ total: 0, units: 0, byMonth: [], byStore: [], byTerritory: [] });
    expect((await analytics(cookie, '12m')).bucket).toBe('month');
  });

  it("counts the creator's content, checks, tokens and statement money, estimates apart, and none of it for another creator", async () => {
    const { userId, cookie } = await signup();
    const deps = { eventStore: testApp.eventStore, projector: testApp.projector };
    const registered = await seedTrack(deps, userId, { title: 'Registered one', until: 'registered' });
    await seedTrack(deps, userId, { title: 'Cleared one', until: 'cleared' });
    await seedTrack(deps, userId, { title: 'Just received', until: 'received' });
    const held = await seedTrack(deps, userId, { title: 'Held one', until: 'probed' });
    await appendTrackEvents(deps, held.trackId, userId, [
      TrackCopyrightCheckStarted.create({ trackId: held.trackId, checkId: 'h1', storedName: held.storedName, sha256: held.sha256 }),
      TrackCopyrightChecked.create({ trackId: held.trackId, checkId: 'h1', sha256: held.sha256, elapsedSeconds: 1, analysis: checkAnalysis({ status: 'needs_review', clearanceScore: 60 }) }),
    ]);
    const context = { correlationId: 'test', actor: 'test' };
    const before = await analytics(cookie, '30d');
    await testApp.tokenLedger.execute(userId, { type: 'Credit', data: { amountMicros: 50 * MICROS_PER_TOKEN, cause: 'purchase', reference: randomUUID(), description: 'Bought 50 tokens' } }, context);
    const debit = await testApp.tokenLedger.execute(userId, { type: 'Debit', data: { amountMicros: 10 * MICROS_PER_TOKEN, cause: 'withdrawal', reference: randomUUID(), description: 'Withdrawn', upToAvailable: false } }, context);
    await testApp.projector.waitFor(debit.result!.lastPosition);

    const thisMonth = new Date().toISOString().slice(0, 7);
    await recordLines(userId, registered.trackId, thisMonth, [
      { store: 'spotify', country: 'US', units: 1000, amountCents: 400 },
      { store: 'spotify', country: 'GB', units: 500, amountCents: 200 },
      { store: 'apple', country: 'US', units: 100, amountCents: 90 },
    ], PAYABLE);
    await recordLines(userId, registered.trackId, thisMonth, [{ store: 'spotify', country: 'US', units: 70, amountCents: 35 }]);
    await recordLines(userId, registered.trackId, '2020-01', [{ store: 'deezer', country: 'FR', units: 10, amountCents: 5 }], PAYABLE);

    const figures = await analytics(cookie, '30d');
    expect(figures.totalContent).toBe(4);
    expect(figures.contentByType).toEqual({ music: 4, video: 0, image: 0, text: 0 });
    expect(figures.copyrightStatus).toEqual({ registered: 0, pending: 4, failed: 0 });
    expect(figures.contentByStatus).toEqual([
      { status: 'registered', count: 0 },
      { status: 'processing', count: 4 },
      { status: 'failed', count: 0 },
    ]);
    expect(figures.checksByOutcome).toEqual([
      { outcome: 'cleared', count: 2 },
      { outcome: 'needs_review', count: 1 },
      { outcome: 'not_checked', count: 1 },
    ]);
    expect(figures.tokenTransactions.earned).toBe(before.tokenTransactions.earned + 50);
    expect(figures.tokenTransactions.spent).toBe(before.tokenTransactions.spent + 10);
    expect(figures.tokenTransactions.balance).toBe(before.tokenTransactions.balance + 40);
    expect(figures.tokensOverTime.at(-1)!.balance).toBe(figures.tokenTransactions.balance);

    expect(figures.royalties.payable).toEqual({
      total: 690,
      units: 1600,
      byMonth: [{ month: thisMonth, amount: 690, units: 1600 }],
      byStore: [
        { store: 'spotify', storeName: expect.any(String), amount: 600, units: 1500 },
        { store: 'apple', storeName: expect.any(String), amount: 90, units: 100 },
      ],
      byTerritory: [
        { territory: 'US', amount: 490, units: 1100 },
        { territory: 'GB', amount: 200, units: 500 },
      ],
    });
    expect(figures.royalties.estimates).toMatchObject({ estimate: true, total: 35, units: 70, byStore: [{ store: 'spotify', amount: 35, units: 70 }] });

    const allTime = await analytics(cookie, 'all');
    expect(allTime.royalties.payable.total).toBe(695);
    expect(allTime.royalties.payable.byMonth.map((m) => m.month)).toEqual(['2020-01', thisMonth]);
    expect(allTime.recentActivity.map((entry) => entry.area)).toEqual(expect.arrayContaining(['vault', 'tokens']));
    expect(allTime.recentActivity.find((entry) => entry.area === 'vault')).toMatchObject({ title: expect.any(String), detail: expect.stringMatching(/^In progress: /) });

    const other = await signup();
    const theirs = await analytics(other.cookie, 'all');
    expect(theirs.totalContent).toBe(0);
    expect(theirs.royalties.payable.total).toBe(0);
    expect(theirs.royalties.estimates.total).toBe(0);
    expect(theirs.recentActivity.every((entry) => entry.area === 'tokens')).toBe(true);
  });
});
