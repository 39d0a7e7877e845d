// Where royalty money comes from, through the routes: a creator's own statement (the
// attack of writing $1,000,000 on its own ISRC) is self-reported and moves no token; an operator's import of
// a partner's statement pays nothing until the partner's funds are recorded, short funds pay
// exactly the documented pro-rata share to the cent, a funds reference recorded twice counts once,
// a file is imported once per checksum, and only operators reach the import and funds routes.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importStatementResponseSchema, royaltyBreakdownSchema, statementListSchema } from '../../../domain/contracts/distribution';
import { MAX_FUNDS_RECORD_CENTS, payableImportResponseSchema, reconciliationListSchema, recordFundsResponseSchema } from '../../../domain/contracts/partner-statements';
import { insertStandInRelease } from '../../../tests/support/distributions-stand-in';
import { multipartBody } from '../../../tests/support/multipart';
import { grantRole } from '../../../tests/support/roles';
import { seedTrack } from '../../../tests/support/seed-track';
import { signUpWithWallet, startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
let operator: { userId: string; cookie: string };

async function notExpected(): Promise<never> {
  throw new Error('the statement routes never reach the track workflow');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-partner-statements-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
  operator = await signup();
  await grantRole(testApp, operator.userId, 'operator');
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const signup = () => signUpWithWallet(testApp);

const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => testApp.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

function uploadCsv(url: string, cookie: string, csv: string, filename = 'statement.csv') {
  const { payload, headers } = multipartBody({}, { filename, contentType: 'text/csv', content: Buffer.from(csv), field: 'file' });
  return testApp.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
}

let isrcSeq = 0;
/** A creator with a registered track, its royalty contract (85 % to the creator) and a release with an ISRC. */
async function creatorWithRelease() {
  const creator = await signup();
  const { trackId } = await seedTrack(testApp, creator.userId, { until: 'registered', title: 'Night Drive' });
  const created = await inject('POST', '/api/smart-contracts/create', creator.cookie, { contentId: trackId, templateType: 'standard_royalty' });
  expect(created.statusCode).toBe(201);
  const isrc = `QZPRV26${String(++isrcSeq).padStart(5, '0')}`;
  const release = await insertStandInRelease(testApp.db, { ownerId: creator.userId, contentId: trackId, isrc, songName: 'Night Drive' });
  return { ...creator, trackId, isrc, distributionId: release.id, contractId: created.json().contract.contractId as string };
}

const balance = async (cookie: string) => (await inject('GET', '/api/goose-tokens/balance', cookie)).json().balance as number;
const contract = async (c: { contractId: string; cookie: string }) => (await inject('GET', `/api/smart-contracts/${c.contractId}`, c.cookie)).json().contract as { pendingAmount: number; totalEarnings: number };
const csv = (...lines: string[]) => ['period,store,country,identifier,units,amount', ...lines].join('\n');
const importFor = (partnerId: string, body: string, cookie = operator.cookie, filename = 'acme-2026-10.csv') => uploadCsv(`/api/ops/partners/${partnerId}/statements`, cookie, body, filename);
const fund = (partnerId: string, body: object, cookie = operator.cookie) => inject('POST', `/api/ops/partners/${partnerId}/funds`, cookie, body);

describe('where royalty money comes from', () => {
  it("the forged-statement attack: a creator's own $1,000,000 statement is self-reported and moves 0 tokens", async () => {
    const creator = await creatorWithRelease();
    const before = await balance(creator.cookie);

    const uploaded = await uploadCsv('/api/tunecore/statements', creator.cookie, csv(`2026-10,spotify,US,${creator.isrc},1,100000000`), 'my-sales.csv');
    expect(uploaded.statusCode).toBe(200);
    const answer = importStatementResponseSchema.parse(uploaded.json());
    expect(answer.selfReported).toBe(true);
    expect(answer.statement).toMatchObject({ matched: 1, amount: 100_000_000, selfReported: true, source: 'self_reported', partnerId: null });
    expect(answer.message).toContain('self-reported');
    expect(answer.message).toContain('never becomes pending earnings, a payout or tokens');

    const executed = (await inject('POST', `/api/smart-contracts/${creator.contractId}/execute`, creator.cookie, {})).json();
    expect(executed).toMatchObject({ success: false, payout: null });
    expect(await contract(creator)).toMatchObject({ pendingAmount: 0, totalEarnings: 0 });
    expect(await balance(creator.cookie)).toBe(before);

    const list = statementListSchema.parse((await inject('GET', '/api/tunecore/statements', creator.cookie)).json());
    expect(list.statements.map((s) => [s.fileName, s.selfReported, s.source])).toEqual([['my-sales.csv', true, 'self_reported']]);
    const breakdown = royaltyBreakdownSchema.parse((await inject('GET', `/api/tunecore/distributions/${creator.distributionId}/royalties`, creator.cookie)).json());
    expect(breakdown.royalties).toMatchObject({ selfReportedAmount: 100_000_000, payableAmount: 0, releasedAmount: 0, unreconciledAmount: 0 });
    expect(breakdown.royalties.breakdown).toEqual([{ store: 'spotify', storeName: 'Spotify', amount: 100_000_000, streams: 1, selfReported: true }]);
  });

  it("an operator's import pays nothing until the partner's funds are recorded, then pays what they cover", async () => {
    const creator = await creatorWithRelease();
    const before = await balance(creator.cookie);
    const imported = payableImportResponseSchema.parse((await importFor('acme', csv(`2026-10,spotify,US,${creator.isrc},1000,2000`))).json());
    expect(imported).toMatchObject({ alreadyImported: false, lines: 1, matched: 1, amount: 2000 });
    expect(imported.periods).toEqual([{ partnerId: 'acme', period: '2026-10', claimed: 2000, funded: 0, released: 0, unreconciled: 2000, undelivered: 0 }]);
    expect(imported.message).toContain('stays pending, unreconciled');
    expect(await contract(creator)).toMatchObject({ pendingAmount: 0 });
    expect((await inject('POST', `/api/smart-contracts/${creator.contractId}/execute`, creator.cookie, {})).json()).toMatchObject({ success: false, payout: null });
    expect(await balance(creator.cookie)).toBe(before);
    const unfunded = royaltyBreakdownSchema.parse((await inject('GET', `/api/tunecore/distributions/${creator.distributionId}/royalties`, creator.cookie)).json());
    expect(unfunded.royalties).toMatchObject({ payableAmount: 2000, releasedAmount: 0, unreconciledAmount: 2000, unreconciledShare: 1700 });

    const funded = recordFundsResponseSchema.parse((await fund('acme', { amountCents: 2000, period: '2026-10', reference: 'ACME-WIRE-1' })).json());
    expect(funded).toMatchObject({ recorded: true, reconciliation: { claimed: 2000, funded: 2000, released: 2000, unreconciled: 0, undelivered: 0 } });
    expect(await contract(creator)).toMatchObject({ pendingAmount: 2000 });
    const paid = (await inject('POST', `/api/smart-contracts/${creator.contractId}/execute`, creator.cookie, {})).json();
    expect(paid.payout).toMatchObject({ status: 'completed', amount: 2000 });
    // 85 % of $20.00 credited as tokens (1 token = $1).
    expect(await balance(creator.cookie)).toBeCloseTo(before + 17, 6);
  });

  it('short funds pay exactly the documented share: pro rata by claim, odd cents by largest remainder', async () => {
    const [a, b, c] = [await creatorWithRelease(), await creatorWithRelease(), await creatorWithRelease()];
    // $1,000.00 claimed as 600 / 300 / 100 dollars and $3.00 as 1 / 1 / 1: funds of $100.00 + 1 cent.
    const lines = [`2026-09,spotify,US,${a.isrc},1,60000`, `2026-09,spotify,US,${b.isrc},1,30000`, `2026-09,apple_music,GB,${c.isrc},1,10000`];
    expect((await importFor('beta', csv(...lines), operator.cookie, 'beta-2026-09.csv')).statusCode).toBe(200);
    const funded = recordFundsResponseSchema.parse((await fund('beta', { amountCents: 10_001, currency: 'USD', period: '2026-09', reference: 'BETA-0925' })).json());
    expect(funded.reconciliation).toMatchObject({ claimed: 100_000, funded: 10_001, released: 10_001, unreconciled: 89_999 });
    // 10,001 × 600/1000 = 6000.6, × 300/1000 = 3000.3, × 100/1000 = 1000.1: the cent left goes to the largest remainder (a).
    expect([(await contract(a)).pendingAmount, (await contract(b)).pendingAmount, (await contract(c)).pendingAmount]).toEqual([6001, 3000, 1000]);

    // More funds later release the rest pro rata on what each claim still has outstanding.
    await fund('beta', { amountCents: 89_999, period: '2026-09', reference: 'BETA-1025' });
    expect([(await contract(a)).pendingAmount, (await contract(b)).pendingAmount, (await contract(c)).pendingAmount]).toEqual([60_000, 30_000, 10_000]);
  });

  it('a funds reference recorded twice counts once', async () => {
    const creator = await creatorWithRelease();
    await importFor('gamma', csv(`2026-08,deezer,FR,${creator.isrc},5,5000`), operator.cookie, 'gamma.csv');
    const first = recordFundsResponseSchema.parse((await fund('gamma', { amountCents: 1000, period: '2026-08', reference: 'GAMMA-1' })).json());
    const again = recordFundsResponseSchema.parse((await fund('gamma', { amountCents: 1000, period: '2026-08', reference: 'GAMMA-1' })).json());
    expect(first).toMatchObject({ recorded: true, reconciliation: { funded: 1000, released: 1000 } });
    expect(again).toMatchObject({ recorded: false, reconciliation: { funded: 1000, released: 1000, unreconciled: 4000 } });
    expect(again.message).toContain('GAMMA-1 was recorded before; nothing was added');
    expect(await contract(creator)).toMatchObject({ pendingAmount: 1000 });

    const list = reconciliationListSchema.parse((await inject('GET', '/api/ops/reconciliation', operator.cookie)).json());
    expect(list.periods.find((p) => p.partnerId === 'gamma')).toEqual({ partnerId: 'gamma', period: '2026-08', claimed: 5000, funded: 1000, released: 1000, unreconciled: 4000 });
  });

  it('imports a file once per checksum for its partner, whatever its name', async () => {
    const creator = await creatorWithRelease();
    const body = csv(`2026-07,spotify,US,${creator.isrc},10,700`);
    await fund('delta', { amountCents: 10_000, period: '2026-07', reference: 'DELTA-1' });
    const first = payableImportResponseSchema.parse((await importFor('delta', body, operator.cookie, 'july.csv')).json());
    const renamed = payableImportResponseSchema.parse((await importFor('delta', body, operator.cookie, 'july-copy.csv')).json());
    expect(first).toMatchObject({ alreadyImported: false, matched: 1 });
    expect(renamed).toMatchObject({ alreadyImported: true, statementId: first.statementId });
    expect(renamed.message).toContain('nothing changed');
    expect(await contract(creator)).toMatchObject({ pendingAmount: 700 });
  });

  it('refuses the operator routes to a creator (403) and a visitor (401), and bad funds with a 400', async () => {
    const creator = await creatorWithRelease();
    const asCreator = await importFor('acme', csv(`2026-10,spotify,US,${creator.isrc},1,100000000`), creator.cookie);
    expect([asCreator.statusCode, asCreator.json()]).toEqual([403, { error: expect.any(String) }]);
    const fundsAsCreator = await fund('acme', { amountCents: 100_000_000, period: '2026-10', reference: 'self' }, creator.cookie);
    expect(fundsAsCreator.statusCode).toBe(403);
    expect((await inject('GET', '/api/ops/reconciliation', creator.cookie)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/ops/partners/acme/funds', payload: { amountCents: 1, period: '2026-10', reference: 'x' } })).statusCode).toBe(401);
    expect(await contract(creator)).toMatchObject({ pendingAmount: 0 });

    const badPeriod = await fund('acme', { amountCents: 100, period: '2026-13', reference: 'x' });
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().error).toEqual(expect.any(String));
    expect((await fund('acme', { amountCents: 100, currency: 'EUR', period: '2026-10', reference: 'x' })).statusCode).toBe(400);
    expect((await fund('Not A Partner', { amountCents: 100, period: '2026-10', reference: 'x' })).statusCode).toBe(400);
  });

  it('refuses funds beyond a billion dollars in one record, or a period total beyond what cents can count exactly, with a 400; the list still answers', async () => {
    const tooLarge = await fund('huge', { amountCents: 9_007_199_254_740_990, period: '0000-01', reference: '0' });
    expect([tooLarge.statusCode, tooLarge.json()]).toEqual([400, { error: expect.stringContaining('at most') }]);
    const largest = { amountCents: MAX_FUNDS_RECORD_CENTS, period: '2026-09' };
    for (let n = 0; n < 3; n++) expect((await fund('huge', { ...largest, reference: `wire-${n}` })).statusCode).toBe(200);
    const list = await inject('GET', '/api/ops/reconciliation', operator.cookie);
    expect(list.statusCode).toBe(200);
    expect(reconciliationListSchema.parse(list.json()).periods.find((p) => p.partnerId === 'huge' && p.period === '2026-09')?.funded).toBe(3 * MAX_FUNDS_RECORD_CENTS);
  });
});
