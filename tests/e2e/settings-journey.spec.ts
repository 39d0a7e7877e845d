// A creator's settings, all through the screens: sign-up with an e-mail address, the header showing
// the 50-token welcome bonus at once with no wallet to generate and no 409 answered on the way;
// Settings from the account menu, the sign-up address waiting there; an e-mail address
// set, its link read from the server's outbox (no SMTP_URL) and confirmed on the page it opens; a
// notification preference changed (GET/PUT /api/notifications/preferences, the notifications API); a
// second browser signed in and listed as a session; the password changed, which signs that browser
// out and keeps this one; the page fits a phone (390 px) and a desktop (1440 px) without
// scrolling sideways; and a forgotten password reset from the login dialog by the mailed link,
// which signs every browser out, and the new password signs in.
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { newestOutboxLink } from './outbox';
import { signUp } from './sign-up';

test('settings: the balance at sign-up, an e-mail address confirmed by its link, the sessions listed, a password change that signs the other browser out, and a forgotten password reset by its mailed link', async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const username = `set_${stamp}`;
  const email = `${username}@example.test`;

  // Every 409 the app is answered from sign-up until the header shows the balance (none: the wallets open at sign-up).
  const conflicts: string[] = [];
  const recordConflict = (response: { status(): number; url(): string }) => {
    if (response.status() === 409) conflicts.push(response.url());
  };
  page.on('response', recordConflict);
  await page.goto('/');
  await signUp(page, username, { email: `first.${email}` });
  await expect(page.getByText(`This server sends no e-mail: the link to confirm first.${email} is kept for an operator`)).toBeVisible();
  await expect(page.getByTestId('token-balance-amount')).toHaveText('50.00');
  await expect(page.getByRole('button', { name: 'Generate Wallet' })).toHaveCount(0);
  expect(conflicts, '409 answers after sign-up').toEqual([]);
  page.off('response', recordConflict);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, 'the settings page');

  // The address: waiting, then confirmed from the link's page (opening it confirms nothing).
  const emailSection = page.getByRole('region', { name: 'E-mail address' });
  await expect(emailSection).toContainText('This server sends no e-mail');
  await expect(emailSection).toContainText(`Waiting for confirmation${`first.${email}`}`);
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

  // Forgotten: another browser asks for a reset link by the address, sets a new password from the
  // mailed link, which signs this browser out, and signs in with it.
  const visitor = await browser.newContext({ baseURL });
  const forgetful = await visitor.newPage();
  await forgetful.goto('/');
  await forgetful.getByRole('main').getByRole('button', { name: 'Log In', exact: true }).click();
  await forgetful.getByRole('dialog', { name: 'Log in to GOOSE' }).getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = forgetful.getByRole('dialog', { name: 'Reset your password' });
  await forgot.getByLabel('Username or e-mail address').fill(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot).toContainText('If that username or address belongs to a GOOSE account with a confirmed e-mail address');
  await forgetful.goto(await newestOutboxLink(email, /\/reset-password\?token=/, 'password-reset'));
  await expect(forgetful.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  // Opened on a phone, as a mailed link often is: nothing wider than the screen.
  await forgetful.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(forgetful);
  await forgetful.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await forgetful.getByLabel('New password again').fill('a brand new passphrase');
  await forgetful.getByRole('button', { name: 'Set new password' }).click();
  await expect(forgetful.getByText(`The password of ${username} was changed, and every device signed in to the account was signed out.`)).toBeVisible();
  expect((await page.request.get('/api/account')).status()).toBe(401);
  await forgetful.getByRole('button', { name: 'Log in', exact: true }).click();
  const login = forgetful.getByRole('dialog', { name: 'Log in to GOOSE' });
  await login.getByLabel('Username').fill(username);
  await login.getByLabel('Password', { exact: true }).fill('a brand new passphrase');
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(forgetful.getByText(`Welcome back, ${username}!`)).toBeVisible();
  await visitor.close();
});
