// The streaming platform's waiting list in a browser: a visitor opens /streaming from the dashboard's
// rail, reads the plan's comparison labelled as its claim, is told the address is required, joins
// with priority, confirms from the link in the server's outbox and sees their referral code; a
// second visitor (another browser) opens the shared ?ref= link, joins and confirms; the first
// visitor's stats move on their own (polled) and their referral count reads 1. The page fits a
// phone (390 px) and a desktop (1440 px) without scrolling sideways.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { newestOutboxLink } from './outbox';

const LINK = /\/streaming\/confirm\?token=/;

async function joinAndConfirm(page: Page, email: string, { priority }: { priority: boolean }): Promise<void> {
  const form = page.getByRole('form', { name: 'Join the waiting list' });
  await form.getByLabel('E-mail address').fill(email);
  if (priority) await form.getByLabel('Priority').check();
  await form.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(page.getByText(`Check your mail: a link was sent to ${email}.`)).toBeVisible();
  await page.goto(await newestOutboxLink(email, LINK, 'waiting-list-confirmation'));
  await expect(page.getByRole('heading', { name: 'Confirm your place on the waiting list' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the waiting list confirmation page');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${email} is on the list (${priority ? 'priority' : 'standard'}).`)).toBeVisible();
}

test('waiting list: a visitor joins and confirms, a second joins through the code, the referral counts and the stats move', async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const first = `wl_first_${stamp}@example.test`;
  const second = `wl_second_${stamp}@example.test`;

  // The page's clock runs on its own, and jumps ahead for the 30 s stats poll below.
  await page.clock.install();
  await page.goto('/');
  await page.getByRole('link', { name: 'Per-stream platform (planned): waiting list' }).click();
  await expect(page).toHaveURL(/\/streaming$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Per-stream streaming platform: waiting list', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the streaming page');
  const plan = page.getByRole('region', { name: 'What the plan claims' });
  await expect(plan).toContainText("The plan's claim, not a promise: no stream is paid today.");
  await expect(plan).toContainText('$3.00 Per Stream');
  await expect(plan).toContainText('$0.003');
  const total = page.getByTestId('waiting-list-total');
  const priority = page.getByTestId('waiting-list-priority');
  await expect(total).toHaveText(/^\d+$/);
  const [totalBefore, priorityBefore] = [Number(await total.textContent()), Number(await priority.textContent())];
  await expect(page.getByRole('region', { name: 'The list so far' })).toContainText('Estimated earnings: none.');
  await expectNoSidewaysScroll(page);

  // The address is required; then the first visitor joins with priority and confirms from the outbox.
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(page.getByText('Email Required: Please enter your email address to join the waiting list')).toBeVisible();
  await joinAndConfirm(page, first, { priority: true });
  const code = (await page.getByTestId('waiting-list-code').textContent())!;
  expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);

  await page.getByRole('link', { name: 'See the waiting list' }).click();
  await expect(page.getByTestId('waiting-list-code')).toHaveText(code);
  await expect(page.getByTestId('waiting-list-referrals')).toHaveText('0');
  await expect(total).toHaveText(String(totalBefore + 1));
  await expect(priority).toHaveText(String(priorityBefore + 1));
  await expect(page.getByRole('region', { name: 'Your place' })).toContainText('no commission or token is paid for referrals');
  await expectNoSidewaysScroll(page);

  // A second visitor, in another browser, opens the shared link, joins through the code and confirms.
  const other = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const visitor = await other.newPage();
  await visitor.goto(`/streaming?ref=${encodeURIComponent(code)}`);
  await expect(visitor.getByText(`You were invited with code ${code}`)).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'the streaming page with an invitation');
  await joinAndConfirm(visitor, second, { priority: false });
  await expect(visitor.getByTestId('waiting-list-code')).not.toHaveText(code);
  await visitor.goto('/streaming');
  await expectNoSidewaysScroll(visitor);
  await other.close();

  // The first visitor's open page asks for the stats again on its own (every 30 s).
  await expect(total).toHaveText(String(totalBefore + 1));
  await page.clock.fastForward(31_000);
  await expect(total).toHaveText(String(totalBefore + 2));
  await expect(priority).toHaveText(String(priorityBefore + 1));
  await page.reload();
  await expect(page.getByTestId('waiting-list-referrals')).toHaveText('1');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoSidewaysScroll(page);
});
