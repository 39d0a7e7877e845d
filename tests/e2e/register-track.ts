// A new creator's track from upload to registration through the screens, as the journeys that start
// from a registered work need it: upload, master, register (5 + 25 tokens of the 50 welcome tokens).
import { expect, type Page } from '@playwright/test';
import { encodeWav, music } from '../../infra/audio/test-signals';

export async function uploadMasterAndRegister(page: Page, title: string, seed: number): Promise<void> {
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  const balance = page.getByRole('button', { name: /^Token balance:/ });
  await tabs.getByRole('menuitem', { name: 'Upload' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  const fileName = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.wav`;
  await (await chooser).setFiles({ name: fileName, mimeType: 'audio/wav', buffer: encodeWav(music({ seconds: 8, seed, level: -9 }), 44_100, 2) });
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
  await tabs.getByRole('menuitem', { name: 'Copyright Oracle' }).click();
  const workflowCard = page.getByRole('article', { name: title });
  await workflowCard.getByRole('button', { name: 'Start Mastering' }).click({ timeout: 60_000 });
  await expect(workflowCard).toHaveAttribute('data-workflow-status', 'mastered', { timeout: 60_000 });
  await expect(balance).toHaveAccessibleName('Token balance: 45.00 tokens');
  await workflowCard.getByRole('button', { name: 'Register Copyright' }).click();
  await expect(workflowCard).toHaveAttribute('data-workflow-status', 'registered', { timeout: 60_000 });
  await expect(balance).toHaveAccessibleName('Token balance: 20.00 tokens');
}
