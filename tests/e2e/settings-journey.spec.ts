// A creator's settings, all through the screens: Settings from the account menu; an e-mail address
// set, its link read from the server's outbox (no SMTP_URL) and confirmed on the page it opens; a
// notification preference changed (GET/PUT /api/notifications/preferences, the notifications API); a
// second browser signed in and listed as a session; the password changed, which signs that browser
// out and keeps this one; and the page fits a phone (390 px) and a desktop (1440 px) without
// scrolling sideways.
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { newestOutboxLink } from './outbox';
import { signUp } from './sign-up';

test('settings: an e-mail address confirmed by its link, the sessions listed, and a password change that signs the other browser out', async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const username = `set_${stamp}`;
  const email = `${username}@example.test`;

  await page.goto('/');
  await signUp(page, username);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, 'the settings page');

  // The address: waiting, then confirmed from the link's page (opening it confirms nothing).
  const emailSection = page.getByRole('region', { name: 'E-mail address' });
  await expect(emailSection).toContainText('This server sends no e-mail');
  await emailSection.getByLabel('E-mail address').fill(email);
  await emailSection.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(emailSection).toContainText(`Waiting for confirmation${email}`);
  const link = await newestOutboxLink(email, /\/confirm-email\?token=/, 'email-confirmation');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the e-mail confirmation page');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${email} is confirmed as your account's address.`)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await expect(emailSection).toContainText(`Confirmed address${email}`);

  // Preferences: mail can now be chosen for the kinds that ask you to act; a kind turned off in app stays off.
  const preferences = page.getByRole('region', { name: 'Notification preferences' });
  await expect(preferences).toContainText(`Mail goes to ${email}`);
  await expect(preferences.getByRole('checkbox', { name: 'A dispute filed against your work: by e-mail' })).toBeEnabled();
  await expect(preferences.getByRole('checkbox', { name: /^A dispute filed against your work: in app/ })).toBeDisabled();
  const payouts = preferences.getByRole('checkbox', { name: 'Royalty payouts paid to you: in app' });
  await expect(payouts).toBeChecked();
  await payouts.click();
  await expect(payouts).not.toBeChecked();
  await page.reload();
  await expect(payouts).not.toBeChecked();

  // A second browser signs in; both are listed, this one marked.
  const phone = await browser.newContext({ baseURL, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' });
  const phoneLogin = await phone.request.post('/api/auth/login', { data: { username, password: 'a long enough password' } });
  expect(phoneLogin.status()).toBe(200);
  await page.reload();
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions).toContainText('Safari on iPhone');
  await expect(sessions.getByText('This browser')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'the settings page with two sessions');

  // The password changed: the phone is signed out, this browser stays.
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('a long enough password');
  await password.getByLabel('New password', { exact: true }).fill('an even longer passphrase');
  await password.getByLabel('New password again').fill('an even longer passphrase');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your 1 other session was signed out.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await phone.request.get('/api/account')).status()).toBe(401);
  await phone.close();

  // A phone's width: one column, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
