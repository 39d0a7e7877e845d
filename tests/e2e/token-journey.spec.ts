// A new creator pays for each step from the token ledger: the header balance falls by exactly the
// listed prices as a track is mastered (5) and registered (25); more masters bring it down to the
// low-token popup at 10; a registration it cannot pay for is refused with the server's 402 message
// and the pricing plans; then a payment, delivered as a Stripe-signed webhook, credits the account
// while the page is open.
import type { Page } from '@playwright/test';
import Stripe from 'stripe';
import { encodeWav, music } from '../../infra/audio/test-signals';
import { E2E_STRIPE_WEBHOOK_SECRET } from './e2e-env';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './sign-up';

async function upload(page: Page, title: string, seed: number): Promise<void> {
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  await tabs.getByRole('menuitem', { name: 'Upload' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: `${title.toLowerCase().replace(/ /g, '-')}.wav`, mimeType: 'audio/wav', buffer: encodeWav(music({ seconds: 8, seed, level: -9 }), 44_100, 2) });
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
  await tabs.getByRole('menuitem', { name: 'Copyright Oracle' }).click();
}

async function master(page: Page, title: string): Promise<void> {
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Start Mastering' }).click({ timeout: 60_000 });
  await expect(card).toHaveAttribute('data-workflow-status', 'mastered', { timeout: 60_000 });
}

test('the balance falls by exactly each step\'s price, runs out with a 402 and the low-token popup, and a signed payment webhook credits it live', async ({ page }) => {
  const username = `payer_${Date.now().toString(36)}`;
  await page.goto('/');
  await signUp(page, username);
  const balance = page.getByRole('button', { name: /^Token balance:/ });
  // The welcome bonus shows from sign-up, which opened the wallets too: there is no wallet to generate.
  await expect(balance).toHaveAccessibleName('Token balance: 50.00 tokens');
  await expect(page.getByRole('button', { name: 'Generate Wallet' })).toHaveCount(0);
  expect(((await (await page.request.get('/api/goose-tokens/balance')).json()) as { wallet: string }).wallet).toMatch(/^0x[0-9a-fA-F]{40}$/);

  // The listed prices, as the pricing plans show them.
  await page.getByRole('button', { name: 'Pricing plans', exact: true }).click();
  const plans = page.getByRole('dialog', { name: 'Pricing plans' });
  const costs = plans.getByRole('region', { name: 'What each step costs' });
  await expect(costs.getByText('Professional mastering')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Pricing plans dialog');
  await expect(costs.getByRole('listitem').filter({ hasText: 'Professional mastering' })).toContainText('5.00 tokens');
  await expect(costs.getByRole('listitem').filter({ hasText: 'Copyright registration' })).toContainText('25.00 tokens');
  await plans.getByRole('button', { name: 'Close' }).click();

  await upload(page, 'Paid Piece', 71);
  await master(page, 'Paid Piece');
  await expect(balance).toHaveAccessibleName('Token balance: 45.00 tokens');
  const paid = page.getByRole('article', { name: 'Paid Piece' });
  await paid.getByRole('button', { name: 'Register Copyright' }).click();
  await expect(paid).toHaveAttribute('data-workflow-status', 'registered', { timeout: 60_000 });
  await expect(balance).toHaveAccessibleName('Token balance: 20.00 tokens');

  // Two more masters: 15, then 10, where the low-token popup opens the pricing plans.
  await upload(page, 'Second Piece', 72);
  await master(page, 'Second Piece');
  await expect(balance).toHaveAccessibleName('Token balance: 15.00 tokens');
  await upload(page, 'Third Piece', 73);
  await master(page, 'Third Piece');
  await expect(balance).toHaveAccessibleName('Token balance: 10.00 tokens');
  await expect(plans).toBeVisible();
  await expect(plans.getByText(/Low token balance: you have 10\.00 tokens left/)).toBeVisible();
  await plans.getByRole('button', { name: 'Close' }).click();

  // A registration costs 25: refused with the server's message, nothing charged.
  await page.getByRole('article', { name: 'Second Piece' }).getByRole('button', { name: 'Register Copyright' }).click();
  const refusal = 'Insufficient tokens: this step costs 25.00, your balance is 10.00';
  await expect(page.getByText(refusal).first()).toBeVisible({ timeout: 60_000 });
  await expect(plans).toBeVisible();
  await plans.getByRole('button', { name: 'Close' }).click();
  await expect(balance).toHaveAccessibleName('Token balance: 10.00 tokens');

  // A Starter package paid at Stripe: its webhook, signed with the endpoint's secret, credits 9.99 while the page is open.
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `pi_e2e_${Date.now()}`, object: 'payment_intent', amount: 999, amount_received: 999, currency: 'usd', status: 'succeeded', metadata: { userId: me.id, packageId: 'starter', purpose: 'token_package' } } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE_WEBHOOK_SECRET });
  const delivered = await page.request.post('/api/webhooks/stripe', { data: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  expect(delivered.status()).toBe(200);
  await expect(balance).toHaveAccessibleName('Token balance: 19.99 tokens');

  // The history says what happened, and why.
  await balance.click();
  const history = page.getByRole('dialog', { name: 'Token history' });
  const rows = history.getByRole('row');
  await expect(rows.filter({ hasText: 'Token purchase' })).toContainText('+9.99');
  await expectNoSeriousA11yViolations(page, 'the Token history dialog');
  await expect(rows.filter({ hasText: 'Copyright registration of "Paid Piece"' })).toContainText('Charged');
  await expect(rows.filter({ hasText: 'Welcome bonus' }).first()).toContainText('+50.00');
});
