// The statements routes through app.inject with multipart uploads: a creator's import matched to
// the creator's own release, self-reported and never handed to the earnings sink, a re-import that
// changes nothing, the list with unmatched lines, the royalty breakdown, and the refusals (a bad line with
// its number, dollars in the amount, no file, another creator's release).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importStatementResponseSchema, royaltyBreakdownSchema, statementListSchema } from '../../../domain/contracts/distribution';
import type { RecordedEarnings, RoyaltyEarnings, RoyaltyEarningsSink } from '../../../domain/royalties/ports';
import { insertStandInRelease } from '../../../tests/support/distributions-stand-in';
import { multipartBody } from '../../../tests/support/multipart';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
const earnings: RoyaltyEarnings[] = [];
const contentWithContract = randomUUID();

/** The contracts' sink: a creator's upload must never reach it, even for content with a contract. */
const sink: RoyaltyEarningsSink = {
  async record(recorded): Promise<RecordedEarnings> {
    if (recorded.contentId !== contentWithContract) return { contractId: null };
    if (!earnings.some((e) => e.reference === recorded.reference)) earnings.push(recorded);
    return { contractId: 'contract-1' };
  },
};

async function notExpected(): Promise<never> {
  throw new Error('the statements routes never reach the track workflow');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-statements-'));
  testApp = await startTestApp(dataDir, { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected }, { royaltyEarnings: sink });
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signup(): Promise<{ userId: string; cookie: string }> {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  return { userId: response.json().user.id, cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}` };
}

function upload(cookie: string | null, csv: string, filename = 'october.csv', field = 'file') {
  const { payload, headers } = multipartBody({}, { filename, contentType: 'text/csv', content: Buffer.from(csv), field });
  return testApp.app.inject({ method: 'POST', url: '/api/tunecore/statements', payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

const CSV = [
  'period,store,country,identifier,units,amount',
  '2026-10,Spotify,US,US-GSE-26-00001,1000,400',
  '2026-10,apple_music,GB,USGSE2600001,20,150',
  '2026-10,deezer,FR,NOT-A-RELEASE,3,1',
].join('\r\n');

describe('sales statement routes', () => {
  it('imports a statement as self-reported: matched to the creator\'s release, never to its contract, unmatched lines listed; a re-import changes nothing', async () => {
    const creator = await signup();
    const release = await insertStandInRelease(testApp.db, { ownerId: creator.userId, contentId: contentWithContract, isrc: 'USGSE2600001', songName: 'Night Drive' });

    const first = await upload(creator.cookie, CSV);
    expect(first.statusCode).toBe(200);
    const imported = importStatementResponseSchema.parse(first.json());
    expect(imported.selfReported).toBe(true);
    expect(imported.statement).toMatchObject({ fileName: 'october.csv', lines: 3, matched: 2, unmatched: 1, duplicates: 0, amount: 550, selfReported: true, source: 'self_reported', partnerId: null });
    expect(imported.unmatchedLines).toEqual([
      { lineNumber: 4, period: '2026-10', store: 'deezer', country: 'FR', identifier: 'NOT-A-RELEASE', units: 3, amount: 1, reason: 'No release of yours has this ISRC, UPC or release id', selfReported: true },
    ]);
    expect(imported.message).toContain('Imported 3 lines as self-reported');
    expect(imported.message).toContain('never becomes pending earnings, a payout or tokens');
    expect(earnings).toEqual([]);

    const again = importStatementResponseSchema.parse((await upload(creator.cookie, CSV, 'october-again.csv')).json());
    expect(again.statement).toMatchObject({ lines: 3, matched: 0, unmatched: 0, duplicates: 3, amount: 0 });
    expect(again.message).toMatch(/^All 3 lines were imported before; nothing changed\. A statement you upload yourself is self-reported/);
    expect(earnings).toEqual([]);

    const list = statementListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/tunecore/statements', headers: { cookie: creator.cookie } })).json());
    expect(list.statements.map((s) => [s.fileName, s.matched, s.duplicates, s.selfReported])).toEqual(
      expect.arrayContaining([
        ['october.csv', 2, 0, true],
        ['october-again.csv', 0, 3, true],
      ]),
    );
    expect(list.unmatchedLines.map((l) => l.identifier)).toEqual(['NOT-A-RELEASE']);

    const breakdown = royaltyBreakdownSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/tunecore/distributions/${release.id}/royalties`, headers: { cookie: creator.cookie } })).json());
    expect(breakdown.royalties).toEqual({
      distributionId: release.id,
      totalAmount: 550,
      totalStreams: 1020,
      selfReportedAmount: 550,
      payableAmount: 0,
      releasedAmount: 0,
      unreconciledAmount: 0,
      unreconciledShare: 0,
      breakdown: [
        { store: 'spotify', storeName: 'Spotify', amount: 400, streams: 1000, selfReported: true },
        { store: 'apple_music', storeName: 'Apple Music', amount: 150, streams: 20, selfReported: true },
      ],
    });
  });

  it('another creator neither matches the release nor sees its statements or royalties', async () => {
    const owner = await signup();
    const release = await insertStandInRelease(testApp.db, { ownerId: owner.userId, isrc: 'USGSE2600777' });
    const other = await signup();
    const imported = importStatementResponseSchema.parse((await upload(other.cookie, 'period,store,country,identifier,units,amount\n2026-10,spotify,US,USGSE2600777,9,90\n')).json());
    expect(imported.statement).toMatchObject({ matched: 0, unmatched: 1 });
    const ownersList = statementListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/tunecore/statements', headers: { cookie: owner.cookie } })).json());
    expect(ownersList).toEqual({ statements: [], unmatchedLines: [] });
    const theirs = await testApp.app.inject({ method: 'GET', url: `/api/tunecore/distributions/${release.id}/royalties`, headers: { cookie: other.cookie } });
    const missing = await testApp.app.inject({ method: 'GET', url: `/api/tunecore/distributions/${randomUUID()}/royalties`, headers: { cookie: other.cookie } });
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { error: 'Release not found' }]);
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: 'Release not found' }]);
  });

  it('refuses a statement with bad lines, naming each line, and imports nothing of it', async () => {
    const creator = await signup();
    const response = await upload(creator.cookie, 'period,store,country,identifier,units,amount\n2026-10,spotify,US,USGSE2600001,5,4.80\n2026-10,spotify,USA,USGSE2600001,5,480\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'The statement was not imported: line 2: amount "4.80" looks like dollars; amounts are whole US cents (write 1234 for $12.34); line 3: country "USA" must be a two-letter ISO 3166 code',
    );
    const list = statementListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/tunecore/statements', headers: { cookie: creator.cookie } })).json());
    expect(list.statements).toEqual([]);
  });

  it('refuses a form without the file, a file under another field, a header-only file, and a visitor', async () => {
    const creator = await signup();
    const noFile = multipartBody({ note: 'no file' });
    const withoutFile = await testApp.app.inject({ method: 'POST', url: '/api/tunecore/statements', payload: noFile.payload, headers: { ...noFile.headers, cookie: creator.cookie } });
    expect([withoutFile.statusCode, withoutFile.json()]).toEqual([400, { error: 'No file selected; send the statement CSV as "file"' }]);
    const otherField = await upload(creator.cookie, CSV, 'october.csv', 'statement');
    expect([otherField.statusCode, otherField.json()]).toEqual([400, { error: 'Unexpected file field "statement"; send the statement CSV as "file"' }]);
    const headerOnly = await upload(creator.cookie, 'period,store,country,identifier,units,amount\n');
    expect([headerOnly.statusCode, headerOnly.json()]).toEqual([400, { error: 'The statement has a header but no lines' }]);
    expect((await upload(null, CSV)).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/tunecore/statements' })).statusCode).toBe(401);
  });
});
