// A new creator takes a track from upload to a verified certificate: master it watching the audio
// engine's real steps stream in, run the copyright check and register it from the Copyright Oracle
// tab, open and download the certificate from the vault, and verify it on the public page from a
// browser that is not signed in. No XRPL_URL is set, so the registration is signed but awaits
// submission, and every screen must say so.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { sineWav } from '../support/audio';
import { signUp } from './sign-up';

/** The recording both creators upload: the first registers it, the second is refused. */
const recording = sineWav({ seconds: 6, frequency: 330 });

async function signUpAndUpload(page: Page, username: string, title: string): Promise<void> {
  await page.goto('/');
  await signUp(page, username);
  await page.getByRole('menubar', { name: 'Dashboard tabs' }).getByRole('menuitem', { name: 'Upload' }).click();
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

  // Master in the studio, watching the real-time card's steps arrive from the server.
  await tabs.getByRole('menuitem', { name: 'Master' }).click();
  await page.getByRole('listbox', { name: 'Music Library' }).getByRole('option', { name: title }).click({ timeout: 60_000 });
  const realtime = page.getByRole('region', { name: 'Real-time mastering' });
  await realtime.getByRole('button', { name: 'Start Real-time Mastering' }).click();
  const steps = realtime.getByRole('list', { name: 'Real-time mastering steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(8);
  for (const step of ['audio analysis', 'EQ processing', 'limiting', 'export']) {
    await expect(steps.getByRole('listitem').filter({ hasText: step })).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  }
  await expect(page.getByText('GOOSE: Complete').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the oracle tab with a registered track');

  // The Copyright Oracle tab runs the check, then registers.
  await tabs.getByRole('menuitem', { name: 'Copyright Oracle' }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card).toHaveAttribute('data-workflow-status', 'mastered');
  await card.getByRole('button', { name: 'Register Copyright' }).click();
  await expect(page.getByText('Copyright Analysis Complete').first()).toBeVisible({ timeout: 60_000 });
  await expect(card).toHaveAttribute('data-workflow-status', 'registered');

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
  await page.getByRole('menubar', { name: 'Dashboard tabs' }).getByRole('menuitem', { name: 'Copyright Oracle' }).click();
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Start Mastering' }).click({ timeout: 60_000 });
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
  const [item] = (await vault.json()) as { title: string; xrplTxHash: string | null; certificateId: string | null; copyrightResult: { similarity: number | null } | null }[];
  expect(item).toMatchObject({ title, xrplTxHash: null, certificateId: null });
  expect(item!.copyrightResult!.similarity).toBeGreaterThan(80);
});

