// The registry, the proofs and the marketplace through the screens, by three people: a creator
// registers a track, gives it a royalty contract and offers a license for 12 tokens; a signed-out
// visitor finds the work in the public registry, plays its 30-second preview, opens its creation
// proof and checks the downloaded bundle on /verify in the browser; a second user buys the license
// with tokens and downloads its certificate; the creator sees the sale and the contract's earnings
// rise by the price.
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectEscapeClosesOnlyTheList } from './keyboard';
import { chooseOption, fact } from './locators';
import { uploadMasterAndRegister } from './register-track';
import { signUp } from './sign-up';

const TITLE = 'Lantern Meridian';

test('a visitor finds a registered work and verifies its proof, a second user buys a license, the owner sees the sale and the earnings', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const creator = `lic_${stamp}`;
  const buyer = `buy_${stamp}`;
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });

  // 1. The creator registers the track and gives it a royalty contract.
  await page.goto('/');
  await signUp(page, creator);
  await uploadMasterAndRegister(page, TITLE, 157);
  const taskCompleted = page.getByRole('dialog', { name: 'Task Completed' });
  await taskCompleted.getByRole('button', { name: 'Later' }).click();
  await tabs.getByRole('menuitem', { name: 'Smart Contracts' }).click();
  await page.locator('section.smart-contracts-panel .panel-header').getByRole('button', { name: 'Create Smart Contract' }).click();
  const create = page.getByRole('dialog', { name: 'Create Smart Contract' });
  await chooseOption(create, 'Content', new RegExp(`^${TITLE} · `));
  await expectNoSeriousA11yViolations(page, 'the Create Smart Contract dialog');
  await create.getByRole('button', { name: 'Create Smart Contract' }).click();
  await expect(create).toBeHidden();
  const contractCard = page.getByRole('article', { name: `Contract for ${TITLE}` });
  await expect(fact(contractCard, 'Total earnings')).toHaveText('$0.00');
  await expectNoSeriousA11yViolations(page, 'the Smart Contracts tab');

  // 2. The creator offers a license for 12 tokens (no card: Stripe is not configured here).
  await page.goto('/licensing-marketplace?tab=offers');
  await page.getByRole('button', { name: 'Offer a license' }).click();
  const offer = page.getByRole('dialog', { name: 'Offer a license' });
  await chooseOption(offer, 'Work', new RegExp(TITLE));
  await offer.getByLabel('Price', { exact: true }).fill('12');
  // Escape in an open dropdown closes its list, not the dialog with what was typed in it.
  await expectEscapeClosesOnlyTheList(offer, 'Scope');
  await expect(offer.getByLabel('Price', { exact: true })).toHaveValue('$12.00');
  await expectNoSeriousA11yViolations(page, 'the Offer a license dialog');
  const card = offer.getByLabel('Card (Stripe)');
  if (await card.isChecked()) await card.uncheck();
  await expect(offer.getByLabel('GOOSE tokens')).toBeChecked();
  await offer.getByRole('button', { name: 'Offer license' }).click();
  await expect(page.getByText('License offered', { exact: true })).toBeVisible();

  // 3. A signed-out visitor finds the work in the registry and checks its creation proof.
  const visitorContext = await browser.newContext({ acceptDownloads: true });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/rights-registry');
  await visitor.getByLabel('Search the registry').fill('Lantern Meridain');
  await visitor.getByRole('button', { name: 'Search', exact: true }).click();
  const workCard = visitor.locator('[data-work-id]').first();
  await expect(workCard).toContainText(TITLE);
  await expect(workCard).toContainText(`by ${creator}`);
  await expect(workCard).toContainText(/Oracle score: \d+%/);
  await expectNoSeriousA11yViolations(visitor, 'the registry search');
  await workCard.getByRole('button', { name: 'View Details' }).click();
  // The visitor hears the work's 30-second preview through a signed, expiring link, never the original.
  const preview = visitor.getByRole('group', { name: `30-second preview of ${TITLE}` });
  await expect(preview.locator('audio')).toHaveAttribute('src', /^\/media\/previews\/[0-9a-f-]{36}\.mp3\?exp=\d+&sub=visitor&sig=[\w-]{43}$/);
  await preview.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => preview.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
  await preview.getByRole('button', { name: 'Pause' }).click();
  await visitor.getByRole('button', { name: 'View proofs' }).click();
  await expect(visitor).toHaveURL(/\/proof-explorer\?workId=/);
  const proofCard = visitor.locator('[data-proof-id]').first();
  await expect(proofCard).toContainText(TITLE);
  await proofCard.getByRole('button', { name: 'View Proof' }).click();
  const proofDialog = visitor.getByRole('dialog');
  await proofDialog.getByRole('tab', { name: 'Signature' }).click();
  await expect(proofDialog).toContainText('Ed25519');
  await proofDialog.getByRole('tab', { name: 'Evidence' }).click();
  await expect(proofDialog).toContainText(/[0-9a-f]{64}/);
  await expectNoSeriousA11yViolations(visitor, 'the proof dialog');
  await visitor.keyboard.press('Escape');
  const bundleDownload = visitor.waitForEvent('download');
  await proofCard.getByRole('button', { name: 'Download' }).click();
  const bundlePath = await (await bundleDownload).path();
  const bundle = await readFile(bundlePath, 'utf8');
  await visitor.goto('/verify');
  await visitor.getByLabel('Proof bundle (JSON)').setInputFiles({ name: 'bundle.json', mimeType: 'application/json', buffer: Buffer.from(bundle) });
  await visitor.getByRole('button', { name: 'Check bundle' }).click();
  await expect(visitor.locator('[data-check="signature"]')).toHaveAttribute('data-status', 'passed');
  // A chosen file is read in full before the check (never "no file was given"): another file's hash fails.
  await visitor.getByLabel('The registered file (optional)').setInputFiles({ name: 'not-the-master.wav', mimeType: 'audio/wav', buffer: Buffer.alloc(8 * 1024 * 1024, 7) });
  await visitor.getByRole('button', { name: 'Check bundle' }).click();
  await expect(visitor.locator('[data-check="file_hash"]')).toHaveAttribute('data-status', 'failed');
  await expectNoSeriousA11yViolations(visitor, 'the bundle check on /verify');
  // A bundle changed in one field fails.
  const tampered = bundle.replace(TITLE, `${TITLE} (copy)`);
  await visitor.getByLabel('Proof bundle (JSON)').setInputFiles({ name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(tampered) });
  await visitor.getByRole('button', { name: 'Check bundle' }).click();
  await expect(visitor.getByText('Proof not verified')).toBeVisible();
  await visitorContext.close();

  // 4. A second user buys the license with tokens and downloads its certificate.
  const buyerContext = await browser.newContext({ acceptDownloads: true });
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto('/');
  await signUp(buyerPage, buyer);
  const buyerBalance = buyerPage.getByRole('button', { name: /^Token balance:/ });
  await expect(buyerBalance).toHaveAccessibleName('Token balance: 50.00 tokens');
  await buyerPage.goto('/licensing-marketplace');
  await buyerPage.getByPlaceholder('Search by work title, creator, license type...').fill(TITLE);
  const listing = buyerPage.getByRole('article', { name: `License for ${TITLE}` });
  await listing.getByRole('button', { name: 'Purchase License' }).click();
  const purchase = buyerPage.getByRole('dialog', { name: 'Purchase License' });
  await expect(purchase).toContainText('GOOSE tokens');
  await expectNoSeriousA11yViolations(buyerPage, 'the Purchase License dialog');
  await purchase.getByRole('button', { name: 'Purchase', exact: true }).click();
  await expect(buyerPage.getByText('License purchased', { exact: true })).toBeVisible();
  const license = buyerPage.getByRole('article', { name: `Your license for ${TITLE}` });
  await expect(license).toContainText('Issued', { timeout: 60_000 });
  await expectNoSeriousA11yViolations(buyerPage, 'the buyer\'s licenses');
  const pdfDownload = buyerPage.waitForEvent('download');
  await license.getByRole('link', { name: 'Certificate PDF' }).click();
  const pdf = await readFile(await (await pdfDownload).path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await buyerPage.getByRole('button', { name: 'Dashboard' }).click();
  await expect(buyerBalance).toHaveAccessibleName('Token balance: 38.00 tokens');
  await buyerContext.close();

  // 5. The owner sees the sale, and the contract's earnings rise by the price.
  await page.goto('/licensing-marketplace?tab=offers');
  await expect(page.getByRole('article', { name: `Sale of ${TITLE} to ${buyer}` })).toBeVisible();
  await expect(fact(page.locator('body'), 'Licenses sold')).toHaveText('1');
  await expectNoSeriousA11yViolations(page, 'the owner\'s offers and sales');
  await page.goto('/');
  await tabs.getByRole('menuitem', { name: 'Smart Contracts' }).click();
  await page.locator('section.smart-contracts-panel').getByRole('tab', { name: 'Smart Contracts' }).click();
  await expect(fact(contractCard, 'Total earnings')).toHaveText('$12.00');
  await expect(fact(contractCard, 'Pending')).toHaveText('$12.00');
});
