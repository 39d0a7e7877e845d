// A creator whose track samples 8 s of another creator's registered recording: the copyright check
// holds it for review instead of refusing it, names the passage in both recordings (the work by its
// title, creator and registration date), keeps the track in the vault, and opens a review case for a
// reviewer on its own (the creator has nothing to request).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { encodeWav, music } from '../../infra/audio/test-signals';
import { signUp } from './sign-up';

const SAMPLE_RATE = 44_100;
const frames = (seconds: number): number => seconds * SAMPLE_RATE * 2;

const original = music({ seconds: 30, seed: 31, level: -9 });
/** Another piece, with the original's 8–16 s in place of its own 10–18 s. */
const sampler = (() => {
  const own = music({ seconds: 30, seed: 32, level: -9 });
  const out = new Float32Array(own);
  out.set(original.subarray(frames(8), frames(16)), frames(10));
  return out;
})();

async function uploadAndMaster(page: Page, username: string, title: string, pcm: Float32Array): Promise<void> {
  await page.goto('/');
  await signUp(page, username);
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  await tabs.getByRole('menuitem', { name: 'Upload' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: `${title.toLowerCase().replace(/ /g, '-')}.wav`, mimeType: 'audio/wav', buffer: encodeWav(pcm, SAMPLE_RATE, 2) });
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
  await tabs.getByRole('menuitem', { name: 'Copyright Oracle' }).click();
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Start Mastering' }).click({ timeout: 60_000 });
  await expect(card).toHaveAttribute('data-workflow-status', 'mastered', { timeout: 60_000 });
}

test('a track sampling a registered recording is held for review with the passage named, and a review case opens for it', async ({ page, browser }) => {
  const originalCreator = `ferry_${Date.now().toString(36)}`;
  await uploadAndMaster(page, originalCreator, 'Night Ferry', original);
  const originalCard = page.getByRole('article', { name: 'Night Ferry' });
  await originalCard.getByRole('button', { name: 'Register Copyright' }).click();
  await expect(originalCard).toHaveAttribute('data-workflow-status', 'registered', { timeout: 60_000 });

  const context = await browser.newContext();
  const sampling = await context.newPage();
  await uploadAndMaster(sampling, `sampler_${Date.now().toString(36)}`, 'Harbour Sampler', sampler);
  const card = sampling.getByRole('article', { name: 'Harbour Sampler' });
  await card.getByRole('button', { name: 'Register Copyright' }).click();
  await expect(card).toHaveAttribute('data-workflow-status', 'held', { timeout: 60_000 });

  const held = card.getByRole('region', { name: 'Held for review' });
  const passages = held.getByRole('list', { name: 'Passages that look copied' });
  await expect(passages).toContainText(`“Night Ferry” by ${originalCreator}, registered `);
  await expect(passages).toContainText(/0:\d\d–0:\d\d of your track ↔ 0:\d\d–0:\d\d of “Night Ferry”/);

  // The hold opened a review case by itself: a reviewer is on it, so there is nothing to request.
  await expect(held.getByText(/Held for review — a reviewer is looking at it \(case #review-/)).toBeVisible();
  await expect(held.getByRole('button', { name: 'Request review' })).toHaveCount(0);

  // The track stays in the vault, held, with nothing registered.
  await sampling.getByRole('menubar', { name: 'Dashboard tabs' }).getByRole('menuitem', { name: 'Vault' }).click();
  const vaultCard = sampling.getByRole('article', { name: 'Harbour Sampler' });
  await expect(vaultCard.getByText('Held for review').first()).toBeVisible();
  await expect(vaultCard.getByText(/a reviewer is looking at it \(case #review-/)).toBeVisible();
  const vault = await sampling.request.get('/api/vault');
  const [item] = (await vault.json()) as { title: string; xrplTxHash: string | null; certificateId: string | null }[];
  expect(item).toMatchObject({ title: 'Harbour Sampler', xrplTxHash: null, certificateId: null });
  await context.close();
});
