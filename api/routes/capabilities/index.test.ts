// GET /api/capabilities and the price list derived from it: a zero-configuration server says what is
// off in plain words and does not sell it; a server with card payments and the workflow service
// says those are on, and sells what they make true.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITY_IDS, describeCapabilities, type CapabilityReport } from '../../../domain/platform/capabilities';
import type { PricingResponse } from '../../../domain/contracts/tokens';
import { StripePayments } from '../../../infra/payments/stripe-payments';
import type { ReleaseClient } from '../../../workflows/release/client';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { ZERO_CONFIG_FACTS as zeroFacts } from '../../../web/src/lib/capabilities.fixture';

const refuse = () => Promise.reject(new Error('not called in this test'));
const lifecycle = { start: refuse, master: refuse, startMaster: refuse, check: refuse, register: refuse, retryRegistration: refuse };
const releases: ReleaseClient = { start: refuse, takedown: refuse, retryDelivery: refuse };

let dirs: string[] = [];
let bare: TestApp;
let configured: TestApp;

beforeAll(async () => {
  dirs = await Promise.all([1, 2].map(() => mkdtemp(path.join(os.tmpdir(), 'goose-capabilities-'))));
  bare = await startTestApp(dirs[0]!, lifecycle);
  configured = await startTestApp(dirs[1]!, lifecycle, {
    releases,
    payments: new StripePayments({ secretKey: 'sk_test_capabilities', publishableKey: 'pk_test_capabilities', webhookSecret: null }),
  });
});

afterAll(async () => {
  await Promise.all([bare, configured].map((app) => app.close()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function capabilitiesOf(testApp: TestApp): Promise<CapabilityReport> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/capabilities' });
  expect(response.statusCode).toBe(200);
  return response.json().capabilities;
}

async function pricingOf(testApp: TestApp): Promise<PricingResponse> {
  return (await testApp.app.inject({ method: 'GET', url: '/api/goose-tokens/pricing' })).json();
}

describe('GET /api/capabilities', () => {
  it('answers visitors, naming every capability, each off one with a plain-words reason and no setting names', async () => {
    const report = await capabilitiesOf(bare);
    expect(Object.keys(report).sort()).toEqual([...CAPABILITY_IDS].sort());
    // Built into every server: the settings page (password, e-mail address, preferences, sessions).
    expect(report['account-settings']).toEqual({ available: true, name: 'Account settings', reason: null });
    // Notifications are built into every server: in the app always, by email where mail is sent.
    expect(report.notifications).toEqual({ available: true, name: 'Notifications in the app (this server sends no email)', reason: null });
    // The analytics overview reads the read models alone: every server has it.
    expect(report.analytics).toEqual({ available: true, name: 'Earnings and analytics overview', reason: null });
    // Support tickets and the agent are built into every server (the agent's model is its own capability).
    expect(report['support-centre']).toEqual({ available: true, name: 'Support tickets and a support agent that cites its sources', reason: null });
    // Reference catalogues are searched on every server; without ACOUSTID_API_KEY the name says AcoustID is off.
    expect(report['external-catalogues']).toEqual({
      available: true,
      name: "Copyright checks against GOOSE works and rights holders' reference recordings (AcoustID is not configured on this server)",
      reason: null,
    });
    expect(describeCapabilities({ ...zeroFacts, acoustid: true })['external-catalogues'].name).toBe(
      "Copyright checks against GOOSE works, rights holders' reference recordings and AcoustID's catalogue of MusicBrainz recordings",
    );
    const builtEverywhere = new Set(['account-settings', 'notifications', 'analytics', 'support-centre', 'external-catalogues']);
    for (const id of CAPABILITY_IDS.filter((capability) => !builtEverywhere.has(capability))) {
      expect(report[id].available, id).toBe(false);
      expect(report[id].reason, id).toMatch(/\w/);
      expect(report[id].reason, id).not.toMatch(/[A-Z]{2,}_[A-Z_]+|data\/|\bunset\b/);
    }
  });

  it('says what a configured server does: card payments and releases on, delivery to stores still off without a partner', async () => {
    const report = await capabilitiesOf(configured);
    expect(report['card-payments']).toEqual({ available: true, name: 'Card payments', reason: null });
    expect(report.distribution.available).toBe(true);
    expect(report['workflow-service'].available).toBe(true);
    expect(report['delivery-partner']).toMatchObject({ available: false, reason: expect.stringContaining('no store receives them') });
    expect(report['ledger-submission'].available).toBe(false);
    // Song generation runs as a workflow on this server: the workflow service is all it needs.
    expect(report['creation-engine']).toEqual({ available: true, name: 'AI music creation', reason: null });
  });

  it('names notifications by what reaches the user: by email too only where an SMTP server sends mail', () => {
    const facts = { ledgerConnected: false, xrpPriced: false, cardPayments: false, xrpDepositsCredited: false, cardOnramp: false, withdrawals: false, workflowService: false, deliveryPartner: false, xrpEscrow: false };
    expect(describeCapabilities({ ...facts, mailServer: true }).notifications).toEqual({ available: true, name: 'Notifications in the app and by email', reason: null });
    expect(describeCapabilities({ ...facts, mailServer: false }).notifications.name).toBe('Notifications in the app (this server sends no email)');
  });
});

describe('the price list sells only what the server can do', () => {
  it('on a bare server: no AI music, no ledger registrations in a tier, no distribution to 150+ platforms, no royalty vault', async () => {
    const pricing = await pricingOf(bare);
    const service = (id: string) => pricing.services.find((entry) => entry.id === id)!;
    expect(service('ai-music-generation')).toMatchObject({ capability: 'creation-engine', available: false });
    expect(service('professional-mastering')).toMatchObject({ capability: null, available: true });
    // Charged on every server: signed and certified here, sent to the ledger once one is connected.
    expect(service('copyright-registration')).toMatchObject({ capability: null, available: true });
    const sold = pricing.subscriptionTiers.flatMap((tier) => tier.features).join('\n');
    expect(sold).not.toMatch(/AI music|150\+|Royalty vault|registrations/);
    const platinum = pricing.subscriptionTiers.find((tier) => tier.id === 'platinum')!;
    expect(platinum.features).toEqual(['59.99 tokens every paid month']);
    expect(platinum.featureLines.filter((line) => !line.available).map((line) => line.capability)).toEqual(['creation-engine', 'ledger-submission', 'delivery-partner']);
    expect(pricing.packages.every((pack) => !pack.available)).toBe(true);
  });

  it('with card payments the card packages are sold; the XRP pack only once XRP deposits are credited', async () => {
    const pricing = await pricingOf(configured);
    expect(pricing.packages.map((pack) => [pack.id, pack.capability, pack.available])).toEqual([
      ['starter', 'card-payments', true],
      ['pro', 'card-payments', true],
      ['premium', 'card-payments', true],
      ['xrp', 'xrp-deposits', false],
    ]);
  });
});
