// A new creator signs up, uploads a track and watches it move through intake in the vault, live:
// cards change because the server pushes read-model changes over the websocket, not because the
// page reloads or polls. A second tab, opened on the vault before the upload, proves it: it never
// uploads or reloads, so the websocket is the only way the new card can reach it.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { sineWav } from '../support/audio';
import { signUp } from './sign-up';

declare global {
  interface Window {
    __gooseMarker?: string;
  }
}

/**
 * Counts document loads (a tab change is a same-document navigation to the tab's address, which is
 * no reload) and the vault messages the page's websocket receives.
 */
function watch(page: Page) {
  const seen = { navigations: 0, vaultMessages: 0 };
  page.on('load', () => {
    seen.navigations += 1;
  });
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/ws')) return;
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (text.includes('"readModel":"vault"')) seen.vaultMessages += 1;
    });
  });
  return seen;
}

async function markDocument(page: Page) {
  await page.evaluate(() => {
    window.__gooseMarker = 'still-here';
  });
}

async function expectIntakeDone(page: Page, title: string) {
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Processing', { exact: true })).toBeVisible();
  const steps = card.getByRole('list', { name: 'Workflow steps' });
  const step = (name: string) => steps.getByRole('listitem').filter({ hasText: name });
  await expect(step('probe')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(step('receive')).toHaveAttribute('data-status', 'completed');
  await expect(step('store')).toHaveAttribute('data-status', 'completed');
  await expect(card.getByText('Ready for mastering')).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: '0:02' })).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: 'WAV' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Play' })).toBeVisible();
}

test('sign up, upload a WAV and see its intake progress live in the vault', async ({ page, context }) => {
  const username = `e2e_${Date.now().toString(36)}`;
  const seen = watch(page);

  await page.goto('/');

  await signUp(page, username);
  await expect(page.getByText('Account created', { exact: true })).toBeVisible();
  // The welcome bonus shows from sign-up, before any wallet exists.
  await expect(page.getByRole('button', { name: 'Token balance: 50.00 tokens' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Wallet' }).click();

  // A second tab sits on the (empty) vault before anything is uploaded.
  const watcher = await context.newPage();
  const watcherSeen = watch(watcher);
  await watcher.goto('/?tab=vault');
  await expect(watcher.getByRole('heading', { name: 'My Content Vault' })).toBeVisible();
  await expect(watcher.getByText('Your vault is empty')).toBeVisible();
  await expectNoSeriousA11yViolations(watcher, 'the empty vault');
  await markDocument(watcher);
  const watcherNavigations = watcherSeen.navigations;

  // From here on neither page may reload: the marker lives only in each document.
  await page.bringToFront();
  await markDocument(page);
  const navigations = seen.navigations;

  // Upload a real 2 s 16-bit PCM WAV.
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  await tabs.getByRole('menuitem', { name: 'Upload' }).click();
  const upload = page.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeDisabled();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'first-light.wav', mimeType: 'audio/wav', buffer: sineWav({ seconds: 2 }) });
  await expect(page.getByText('first-light.wav')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Music' })).toBeChecked();
  await page.getByLabel('Title').fill('First Light');
  await page.getByLabel('Description').fill('Two seconds of A440, for the journey test.');
  await expect(upload).toBeEnabled();
  await upload.click();
  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');

  // The uploader's vault shows the card with its workflow through intake.
  await tabs.getByRole('menuitem', { name: 'Vault' }).click();
  await expectIntakeDone(page, 'First Light');
  await expectNoSeriousA11yViolations(page, 'the vault with a new upload');

  // The watching tab got the card and every step change by websocket alone.
  await expectIntakeDone(watcher, 'First Light');
  expect(watcherSeen.vaultMessages).toBeGreaterThanOrEqual(3); // received, stored, probed
  expect(await watcher.evaluate(() => window.__gooseMarker)).toBe('still-here');
  expect(watcherSeen.navigations).toBe(watcherNavigations);

  expect(seen.vaultMessages).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.__gooseMarker)).toBe('still-here');
  expect(seen.navigations).toBe(navigations);
});
