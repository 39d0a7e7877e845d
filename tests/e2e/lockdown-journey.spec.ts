// The emergency lockdown through the operations page (docs/ip-protection.md): an operator suspends
// a creator's account with a reason; the creator's open page loses its session and their sign-in is
// refused in plain words; the operator sees the account in the suspended list and reinstates it;
// the creator signs in again. No page address does any of this: only the operator's buttons.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { opsCommand } from './ops-command';
import { signUp } from './sign-up';

async function logIn(page: Page, username: string) {
  await page.getByRole('main').getByRole('button', { name: 'Log In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to GOOSE' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('a long enough password');
  await dialog.getByRole('button', { name: 'Log In' }).click();
}

test('an operator suspends an account from the operations page, it is signed out and refused, then reinstated', async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const operatorName = `ops_${stamp}`;
  const creatorName = `sus_${stamp}`;

  await page.goto('/');
  await signUp(page, operatorName);
  await opsCommand(baseURL!, ['grant-role', operatorName, 'operator']);

  const creatorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  await creator.goto('/');
  await signUp(creator, creatorName);

  await page.goto('/operations');
  const form = page.getByRole('form', { name: 'Suspend an account or end a session' });
  await form.getByLabel('Username').fill(creatorName);
  await form.getByLabel('Reason (kept in the account\'s history)').fill('Downloading other creators\' work in bulk');
  await form.getByRole('button', { name: 'Suspend account' }).click();
  await expect(form).toContainText(`${creatorName} is suspended (1 session ended)`);
  const suspended = page.getByRole('list', { name: 'Suspended accounts' });
  await expect(suspended).toContainText(creatorName);
  await expect(suspended).toContainText('Why: Downloading other creators\' work in bulk');
  // The form and the list fit a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  await creator.reload();
  await expect(creator.getByRole('button', { name: 'Sign Up Now' })).toBeVisible();
  await logIn(creator, creatorName);
  await expect(creator.getByText('This account is suspended by an operator; contact support to have it reinstated')).toBeVisible();

  const row = suspended.getByRole('listitem').filter({ hasText: creatorName });
  await row.getByLabel('Reason to reinstate').fill('Rights confirmed by the label');
  await row.getByRole('button', { name: `Reinstate ${creatorName}` }).click();
  await expect(page.getByRole('region', { name: 'Suspended accounts' })).not.toContainText(creatorName);

  await creator.keyboard.press('Escape');
  await logIn(creator, creatorName);
  await expect(creator.getByText(`Hello, ${creatorName}`)).toBeVisible();
  await creatorContext.close();
});
