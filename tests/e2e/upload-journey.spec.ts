// A new creator signs up, uploads a track and watches it move through intake in the vault, live:
// cards change because the server pushes read-model changes over the websocket, not because the
// page reloads or polls. A second tab, opened on the vault before the upload, proves it: it never
// uploads or reloads, so the websocket is the only way the new card can reach it.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { masterWavBytes, writeMasterWav } from '../support/master-wav';
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
  const steps = card.getByRole('list', { name: 'Workflow steps' });
  const step = (name: string) => steps.getByRole('listitem').filter({ hasText: name });
  await expect(step('probe')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(step('receive')).toHaveAttribute('data-status', 'completed');
  await expect(step('store')).toHaveAttribute('data-status', 'completed');
  // Waiting on the creator, the badge says what the track is ready for, not "Processing".
  await expect(card.getByLabel('Status: Ready for mastering')).toBeVisible();
  await expect(card.getByText('Processing', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('definition').filter({ hasText: '0:16' })).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: 'WAV' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Play' })).toBeVisible();
}

test('sign up, upload a 24-bit/96 kHz master in parts and see its intake progress live in the vault', async ({ page, context }) => {
  const username = `e2e_${Date.now().toString(36)}`;
  const seen = watch(page);

  await page.goto('/');

  await signUp(page, username);
  await expect(page.getByText('Account created', { exact: true })).toBeVisible();
  // The welcome bonus shows from sign-up, which opened the wallets too.
  await expect(page.getByRole('button', { name: 'Token balance: 50.00 tokens' })).toBeVisible();

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

  // Upload a real 16 s 24-bit/96 kHz stereo master (9 MB: two of the web's 8 MB parts).
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  await tabs.getByRole('menuitem', { name: 'Upload' }).click();
  await expect(page.getByText('up to 300 MB a file: room for a six-minute 24-bit/96 kHz WAV master')).toBeVisible();
  const upload = page.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeDisabled();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'goose-e2e-master-'));
  const master = path.join(folder, 'first-light.wav');
  await writeMasterWav(master, masterWavBytes(16));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(master);
  await expect(page.getByText('first-light.wav')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Music' })).toBeChecked();
  await page.getByLabel('Title').fill('First Light');
  await page.getByLabel('Description').fill('Sixteen seconds of a drifting tone, for the journey test.');
  await expect(upload).toBeEnabled();
  // The second part is held back until the panel has shown the first part's progress.
  let releaseSecondPart!: () => void;
  const secondPart = new Promise<void>((resolve) => (releaseSecondPart = resolve));
  await page.route('**/api/resumable-uploads/*', async (route) => {
    if (route.request().method() === 'PATCH' && route.request().headers()['upload-offset'] !== '0') await secondPart;
    await route.continue();
  });
  await upload.click();
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', /^(9\d|100)$/);
  await expect(page.getByText(/Uploading… 9\d%|Upload sent, waiting for the server/)).toBeVisible();
  releaseSecondPart();
  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
  await page.unrouteAll();
  await rm(folder, { recursive: true, force: true });
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
