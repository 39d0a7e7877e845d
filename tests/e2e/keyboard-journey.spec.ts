// A creator without a mouse: signs up, uploads a track (the file chooser opened from the keyboard),
// masters it and registers it (the oracle's check runs as part of registration), every control reached
// with Tab or the tab bar's arrows and pressed with Enter or Space; axe checks each screen on the way.
import type { Locator } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { arrowTo, tabTo } from './keyboard';
import { encodeWav, music } from '../../infra/audio/test-signals';

const TITLE = 'Keys Only';

test('sign up, upload, master and register with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const username = `kbd_${Date.now().toString(36)}`;
  const press = async (target: Locator, key = 'Enter') => {
    await tabTo(target);
    await page.keyboard.press(key);
  };

  await page.goto('/');
  await expectNoSeriousA11yViolations(page, 'the welcome tab');
  await press(page.getByRole('button', { name: 'Sign Up Now' }));
  const signup = page.getByRole('dialog', { name: 'Create your account' });
  await tabTo(signup.getByLabel('Username'));
  await page.keyboard.type(username);
  await tabTo(signup.getByLabel('Password', { exact: true }));
  await page.keyboard.type('a long enough password');
  await press(signup.getByRole('checkbox', { name: 'I accept the Terms of Service and the Privacy Policy' }), 'Space');
  await expectNoSeriousA11yViolations(page, 'the sign-up dialog');
  await press(signup.getByRole('button', { name: 'Create Account' }));
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();

  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  const uploadTab = tabs.getByRole('menuitem', { name: 'Upload' });
  await arrowTo(tabs, uploadTab);
  await page.keyboard.press('Enter');
  const chooser = page.waitForEvent('filechooser');
  await press(page.getByRole('button', { name: 'Choose file' }));
  await (await chooser).setFiles({ name: 'keys-only.wav', mimeType: 'audio/wav', buffer: encodeWav(music({ seconds: 8, seed: 23, level: -9 }), 44_100, 2) });
  await tabTo(page.getByLabel('Title'));
  await page.keyboard.type(TITLE);
  await expectNoSeriousA11yViolations(page, 'the upload tab with a file chosen');
  await press(page.getByRole('button', { name: 'Upload', exact: true }));
  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
  // The upload's Task Completed dialog takes the focus when it opens; Escape leaves it.
  const taskCompleted = page.getByRole('dialog', { name: 'Task Completed' });
  await expect(taskCompleted).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect(taskCompleted).toBeHidden();

  await arrowTo(tabs, tabs.getByRole('menuitem', { name: 'Copyright Oracle' }));
  await page.keyboard.press('Enter');
  const workflowCard = page.getByRole('article', { name: TITLE });
  const master = workflowCard.getByRole('button', { name: 'Start Mastering' });
  await expect(master).toBeEnabled({ timeout: 60_000 });
  await expectNoSeriousA11yViolations(page, 'the oracle tab with an uploaded track');
  await press(master);
  await expect(workflowCard).toHaveAttribute('data-workflow-status', 'mastered', { timeout: 60_000 });
  await press(workflowCard.getByRole('button', { name: 'Register Copyright' }));
  await expect(workflowCard).toHaveAttribute('data-workflow-status', 'registered', { timeout: 60_000 });
  await expect(taskCompleted).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Task Completed dialog');
  await page.keyboard.press('Escape');
  await expect(taskCompleted).toBeHidden();
  await arrowTo(tabs, tabs.getByRole('menuitem', { name: 'Vault' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: TITLE })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the vault with a registered track');
});
