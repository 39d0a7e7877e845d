// A new creator takes a track from upload to a verified certificate: master it from the upload's
// Task Completed dialog, watching the audio engine's real steps arrive in the studio's one progress
// display, run the copyright check and register it from the Copyright Oracle
// tab, open and download the certificate from the vault, and verify it on the public page from a
// browser that is not signed in. No XRPL_URL is set, so the registration is signed but awaits
// submission, and every screen must say so.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { encodeWav } from '../../infra/audio/test-signals';
import { sineWav } from '../support/audio';
import { signUp } from './sign-up';

/** The recording both creators upload: the first registers it, the second is refused. */
const recording = sineWav({ seconds: 6, frequency: 330 });
/** Six seconds of digital silence: probed and checked, but there is nothing to master. */
const silence = encodeWav(new Float32Array(44_100 * 2 * 6), 44_100, 2);

async function signUpAndUpload(page: Page, username: string, title: string): Promise<void> {
  await page.goto('/');
  await signUp(page, username);
  // A first-time creator lands on Get started: each step priced as the server's catalogue prices it.
  const path = page.getByRole('list', { name: 'Get started steps' });
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
  const { pricing } = (await (await page.request.get('/api/goose-tokens/pricing')).json()) as { pricing: Record<string, number> };
  await expect(path.locator('[data-cost="master"]')).toHaveText(`${pricing['professional-mastering']} tokens; previews are free`);
  await expect(path.locator('[data-cost="check"]')).toHaveText('Free');
  await expect(path.locator('[data-cost="register"]')).toHaveText(`${pricing['copyright-registration']} tokens, charged when it succeeds`);
  await path.getByRole('button', { name: 'Upload a track' }).click();
  await expect(page).toHaveURL(/\/dashboard\/upload$/);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'harbour-lights.wav', mimeType: 'audio/wav', buffer: recording });
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
}

test('upload, master live, check, register, download the certificate and verify it publicly', async ({ page, browser }) => {
  const title = 'Harbour Lights';
  await signUpAndUpload(page, `life_${Date.now().toString(36)}`, title);
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });

  // The upload's Task Completed dialog offers the optional master: it opens the studio with the track chosen.
  await page.getByRole('dialog', { name: 'Task Completed' }).getByRole('button', { name: 'Master Track (optional)' }).click({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/dashboard\/mastering$/);
  await expect(page.getByRole('listbox', { name: 'Music Library' }).getByRole('option', { name: title })).toHaveAttribute('aria-selected', 'true');
  // Master in the studio, watching the workflow's steps arrive over the websocket: one progress display.
  const studio = page.getByRole('region', { name: 'Mastering Studio' });
  const controls = studio.getByRole('region', { name: 'Mastering controls' });
  await expect(controls.getByText(title, { exact: true })).toBeVisible();
  await controls.getByRole('button', { name: 'Master Track' }).click();
  const steps = controls.getByRole('list', { name: 'Master progress' });
  await expect(steps.getByRole('listitem')).toHaveCount(8);
  await expect(studio.getByRole('progressbar')).toHaveCount(1);
  for (const step of ['audio analysis', 'EQ processing', 'limiting', 'export']) {
    await expect(steps.getByRole('listitem').filter({ hasText: step })).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  }
  await expect(studio.getByRole('progressbar')).toHaveCount(1);
  await expect(page.getByText('GOOSE: Complete').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the oracle tab with a registered track');

  // The Copyright Oracle tab runs the check, then registers.
  await tabs.getByRole('menuitem', { name: 'Copyright Oracle' }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card).toHaveAttribute('data-workflow-status', 'mastered');
  await card.getByRole('button', { name: 'Register Copyright' }).click();
  await expect(page.getByText('Copyright Analysis Complete').first()).toBeVisible({ timeout: 60_000 });
  await expect(card).toHaveAttribute('data-workflow-status', 'registered');
  // Get started ticks each step the track has reached.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Get started', exact: true }).click();
  await expect(page.getByText('4 of 4 steps done')).toBeVisible();

  // The vault's certificate: its dialog, the PDF viewer and the download.
  await tabs.getByRole('menuitem', { name: 'Vault' }).click();
  const vaultCard = page.getByRole('article', { name: title });
  await vaultCard.getByRole('button', { name: 'Certificate' }).click();
  const certificate = page.getByRole('dialog', { name: 'Copyright Certificate' });
  await expect(certificate.getByText('Signed, awaiting ledger submission').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Copyright Certificate dialog');
  const verifyHref = await certificate.getByRole('link', { name: 'Open the public verification page' }).getAttribute('href');
  expect(verifyHref).toMatch(/\/verify\/GOOSE-CERT-[0-9A-F]{16}$/);
  await certificate.getByRole('button', { name: 'View PDF' }).click();
  const viewer = page.getByRole('dialog', { name: 'Certificate PDF' });
  await expect(viewer.locator('iframe[title="Copyright certificate PDF"]')).toBeVisible();
  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^Harbour_Lights_GOOSE-CERT-[0-9A-F]{16}\.pdf$/);
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    void pdf.createReadStream().then((stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    }, reject);
  });
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Anyone can verify it: a fresh browser, not signed in.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(new URL(verifyHref!, page.url()).pathname);
  await expect(publicPage.getByRole('heading', { name: 'Certificate verification' })).toBeVisible();
  await expect(publicPage.getByText('Certificate verified', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(publicPage, 'the certificate verification page');
  const checks = publicPage.getByRole('list', { name: 'Verification checks' });
  await expect(checks.locator('[data-check="signature"]')).toHaveAttribute('data-status', 'passed');
  await expect(checks.locator('[data-check="fileHash"]')).toHaveAttribute('data-status', 'passed');
  await expect(checks.locator('[data-check="ledger"]')).toHaveAttribute('data-status', 'not_checked');
  await visitor.close();
});

test('another creator uploading the same recording is refused: the check names the registered work, its creator and its similarity', async ({ page }) => {
  const title = 'Borrowed Lights';
  await signUpAndUpload(page, `copy_${Date.now().toString(36)}`, title);
  // A second upload, of silence, which the audio engine refuses to master.
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'room-tone.wav', mimeType: 'audio/wav', buffer: silence });
  await page.getByLabel('Title').fill('Room Tone');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful', { exact: true }).last()).toBeVisible();
  await tabs.getByRole('menuitem', { name: 'Copyright Oracle' }).click();
  const balance = page.getByRole('button', { name: /^Token balance:/ });

  // Its master fails; the free copyright check still runs on the unmastered upload, from this tab.
  const roomTone = page.getByRole('article', { name: 'Room Tone' });
  await roomTone.getByRole('button', { name: 'Start Mastering' }).click({ timeout: 60_000 });
  await expect(roomTone).toHaveAttribute('data-workflow-status', 'failed', { timeout: 60_000 });
  await expect(roomTone.getByText('The input is silent: there is nothing to master')).toBeVisible();
  await roomTone.getByRole('button', { name: 'Check Copyright' }).click();
  await expect(roomTone.getByRole('button', { name: 'Register Copyright' })).toBeVisible({ timeout: 60_000 });
  await expect(roomTone).toHaveAttribute('data-workflow-status', 'pending');
  await expect(balance).toHaveAccessibleName('Token balance: 50.00 tokens');

  // The copy, mastered like the registered work, is refused when registered.
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Start Mastering' }).click();
  await expect(card).toHaveAttribute('data-workflow-status', 'mastered', { timeout: 60_000 });
  await card.getByRole('button', { name: 'Register Copyright' }).click();
  await expect(page.getByText('Copyright Conflict Detected').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Analysis failed: /).first()).toBeVisible();
  // The conflict names the registered work, its creator's username and its registration date.
  await expect(page.getByText(/Same recording as “Harbour Lights” by life_[a-z0-9]+, registered \d{1,2} [A-Z][a-z]{2} \d{4}/).first()).toBeVisible();
  await expect(card).toHaveAttribute('data-workflow-status', 'failed');
  await expect(card.getByText(/similarity/i).first()).toBeVisible();
  // Nothing was registered: no certificate, no ledger transaction.
  const vault = await page.request.get('/api/vault');
  const item = ((await vault.json()) as { title: string; xrplTxHash: string | null; certificateId: string | null; copyrightResult: { similarity: number | null } | null }[]).find((i) => i.title === title);
  expect(item).toMatchObject({ title, xrplTxHash: null, certificateId: null });
  expect(item!.copyrightResult!.similarity).toBeGreaterThan(80);
});

