// The purchase route answers a failed purchase by the failure's kind and never by its message: a
// purchase client stands in for the workflow so each kind can carry a message that starts like
// another kind's.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseResponseSchema } from '../../../domain/contracts/licensing';
import { LICENSING_FROZEN } from '../../../domain/licensing/ports';
import type { LicensePurchaseClient } from '../../../workflows/license-purchase/client';
import { PURCHASE_FAILURE_KINDS, type PurchaseOutcome } from '../../../workflows/license-purchase/shared';
import { offerLicense, registeredWork } from '../../../tests/support/licensing';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
let nextOutcome: PurchaseOutcome;

async function notExpected(): Promise<never> {
  throw new Error('the purchase routes do not use the track lifecycle');
}

const purchases: LicensePurchaseClient = {
  purchase: async () => nextOutcome,
  resume: notExpected,
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-purchase-kinds-'));
  testApp = await startTestApp(
    dataDir,
    { start: notExpected, master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected },
    { licensePurchases: purchases },
  );
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function purchaseEnding(outcome: PurchaseOutcome) {
  const signup = async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
    const session = response.cookies.find((c) => c.name === 'goose_session')!;
    return { userId: response.json().user.id as string, cookie: `goose_session=${session.value}` };
  };
  const owner = await signup();
  const buyer = await signup();
  const offerId = await offerLicense(testApp, owner.userId, await registeredWork(testApp, owner.userId));
  nextOutcome = outcome;
  return testApp.app.inject({ method: 'POST', url: '/api/licenses/purchase', headers: { cookie: buyer.cookie }, payload: { licenseId: offerId, paymentMethod: 'qxmp_tokens' } });
}

describe('a failed purchase answered by its kind', () => {
  it('does not answer 402 for a refusal of another kind whose message starts with "Insufficient tokens"', async () => {
    const message = 'Insufficient tokens: words a payment refusal happens to start with';
    const response = await purchaseEnding({ status: 'failed', kind: PURCHASE_FAILURE_KINDS.paymentRefused, message });
    expect(response.statusCode).toBe(200);
    expect(purchaseResponseSchema.parse(response.json())).toMatchObject({ success: false, status: 'failed', message });
  });

  it('does not answer 409 for a refusal of another kind whose message starts with the freeze', async () => {
    const message = `${LICENSING_FROZEN}: words an issue refusal happens to start with`;
    const response = await purchaseEnding({ status: 'failed', kind: PURCHASE_FAILURE_KINDS.issueRefused, message });
    expect(response.statusCode).toBe(200);
    expect(purchaseResponseSchema.parse(response.json())).toMatchObject({ success: false, status: 'failed', message });
  });

  it('answers 402 for insufficient tokens and 409 for a freeze, whatever their message says', async () => {
    const poor = await purchaseEnding({ status: 'failed', kind: PURCHASE_FAILURE_KINDS.insufficientTokens, message: 'The hold was refused' });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error).toBe('The hold was refused');
    const frozen = await purchaseEnding({ status: 'failed', kind: PURCHASE_FAILURE_KINDS.licensingFrozen, message: 'Refused at issue' });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error).toBe('Refused at issue');
  });
});
