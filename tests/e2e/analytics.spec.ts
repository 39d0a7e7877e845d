// The Earnings & Analytics tab in a browser: a visitor sees demo figures labelled as such (with the
// spec's 83 % success rate) and drawn charts, a new creator sees their own figures (their welcome
// bonus, no demo rate) and is sent to Upload first, switches the period, sees a payment credited
// while the tab is open (over the websocket, no reload), exports a table as CSV, and nothing scrolls
// sideways at 390 px or at 1440 px.
import { readFile } from 'node:fs/promises';
import Stripe from 'stripe';
import { E2E_STRIPE_WEBHOOK_SECRET } from './e2e-env';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { signUp } from './sign-up';


test('analytics: demo figures for a visitor, their own for a creator, at 390 and 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/analytics');
  const tab = page.getByRole('region', { name: 'Earnings & Analytics' });
  await expect(tab.getByText('Demo figures', { exact: true })).toBeVisible();
  await expect(tab.getByText('83 %')).toBeVisible();
  // The charts arrive in their own chunk and chart.js draws them on canvases.
  await expect(tab.locator('figure canvas').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the analytics tab with demo figures');
  await expectNoSidewaysScroll(page);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  await signUp(page, `analyst_${Date.now().toString(36)}`);
  await page.goto('/dashboard/analytics');
  await expect(tab.getByRole('group', { name: 'Period' }).or(tab.getByLabel('Period'))).toBeVisible();
  await expect(tab.getByText('Demo figures', { exact: true })).toHaveCount(0);
  await expect(tab.getByText('Success rate')).toHaveCount(0);
  await expect(tab.getByText('Nothing in this period', { exact: true })).toBeVisible();
  await expect(tab.getByRole('link', { name: 'Upload your first work' })).toBeVisible();
  // The welcome bonus is the one thing counted: its tokens chart and table.
  await expect(tab.getByRole('figure', { name: 'Tokens over time' }).locator('canvas')).toBeVisible();

  await tab.getByText('All time', { exact: true }).click();
  await expect(tab.getByText('Nothing to count yet', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the analytics tab of a new creator');

  // A token package paid at Stripe while the tab is open: the figures move without a reload.
  const earned = tab.locator('.creator-analytics__figure').filter({ hasText: 'Tokens earned' });
  await expect(earned.locator('dd').first()).toHaveText('50.00');
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
  const payload = JSON.stringify({
    id: `evt_analytics_${Date.now()}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `pi_analytics_${Date.now()}`, object: 'payment_intent', amount: 999, amount_received: 999, currency: 'usd', status: 'succeeded', metadata: { userId: me.id, packageId: 'starter', purpose: 'token_package' } } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE_WEBHOOK_SECRET });
  const delivered = await page.request.post('/api/webhooks/stripe', { data: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  expect(delivered.status()).toBe(200);
  await expect(earned.locator('dd').first()).toHaveText('59.99');

  const download = page.waitForEvent('download');
  await tab.getByRole('button', { name: 'Export Tokens over time as CSV' }).click();
  const file = await (await download).path();
  expect((await readFile(file, 'utf8')).replace(/^\uFEFF/, '')).toMatch(/^Period,Earned,Spent,Balance after\r\n/);
  await expectNoSidewaysScroll(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(tab.getByText('Nothing in this period', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await tab.getByRole('link', { name: 'Upload your first work' }).click();
  await expect(page).toHaveURL(/\/dashboard\/upload$/);
});
