// A creator's royalties from registration to payout, all through the screens: a registered track
// gets its royalty contract (not on the ledger: this server has no XRP price), a collaborator is
// invited by mail and accepts from another browser while the creator watches the list change live,
// the track is released through the sandbox distributor (which charges nothing and says no store
// received it, never "Live on Platforms"), the creator's own statement shows as a self-reported
// estimate that pays nothing, the delivery partner's report of the same sales (imported by an
// operator) pays once the partner's funds are recorded, and Distribute Royalties pays them: the platform's 15 %, the collaborator's 10 % and the creator's rest, summing
// exactly, each credited to their token balance.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PNG } from 'pngjs';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { chooseOption, fact } from './locators';
import { opsCommand } from './ops-command';
import { newestOutboxLink } from './outbox';
import { uploadMasterAndRegister } from './register-track';
import { signUp } from './sign-up';

const TITLE = 'Shared Harbour';

test('a contract, an invited receiver, a release, a funded partner statement and a payout split exactly between platform, receiver and creator', async ({ page, browser, baseURL }) => {
  // The sandbox distributor's stores settle on the release workflow's second poll, a minute after delivery.
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const creator = `roy_${stamp}`;
  const receiver = `rec_${stamp}`;
  const receiverEmail = `${receiver}@example.test`;
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  const balance = page.getByRole('button', { name: /^Token balance:/ });

  // 1. Sign up (which opens the wallets), upload, master and register the track.
  await page.goto('/');
  await signUp(page, creator);
  await expect(balance).toHaveAccessibleName('Token balance: 50.00 tokens');
  await uploadMasterAndRegister(page, TITLE, 141);
  // The guided workflow's popup: one at a time, showing the newest step; read, then put away.
  const taskCompleted = page.getByRole('dialog', { name: 'Task Completed' });
  await expect(taskCompleted).toHaveCount(1);
  await expect(taskCompleted).toContainText('Your track is secured in your vault with its certificate.');
  await taskCompleted.getByRole('button', { name: 'Later' }).click();
  await expect(taskCompleted).toHaveCount(0);

  // 2. The contract, from the Smart Contracts screen's Create Smart Contract dialog, standard template.
  await tabs.getByRole('menuitem', { name: 'Smart Contracts' }).click();
  const screen = page.locator('section.smart-contracts-panel');
  await screen.locator('.panel-header').getByRole('button', { name: 'Create Smart Contract' }).click();
  const create = page.getByRole('dialog', { name: 'Create Smart Contract' });
  await chooseOption(create, 'Content', new RegExp(`^${TITLE} · `));
  await expect(create.getByRole('textbox', { name: 'Template' })).toHaveValue('Standard royalty (85% to the creator)');
  await create.getByRole('button', { name: 'Create Smart Contract' }).click();
  await expect(create).toBeHidden();
  const contractCard = page.getByRole('article', { name: `Contract for ${TITLE}` });
  await expect(contractCard).toHaveAttribute('data-status', 'active');
  await expect(contractCard.getByLabel('Contract status: Active')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Smart Contracts tab with an active contract');
  await expect(fact(contractCard, 'Pending')).toHaveText('$0.00');
  await expect(fact(contractCard, 'Split')).toHaveText('85% you · 15% platform');
  await contractCard.getByRole('button', { name: 'View Contract' }).click();
  const view = page.getByRole('dialog', { name: `Contract: ${TITLE}` });
  await expect(view.getByRole('region', { name: 'Deployment' })).toContainText('Not signed yet, not on the ledger');
  const signed = view.getByRole('region', { name: 'Signed terms' });
  await expect(fact(signed, 'SHA-256')).toHaveText(/^[0-9a-f]{64}$/);
  // The terms in words; the signed JSON one click away.
  await expect(fact(signed, 'Split')).toHaveText('85% creator · 15% platform');
  await expect(fact(signed, 'Work')).toHaveText(TITLE);
  await expect(signed.getByLabel('Canonical terms')).toBeHidden();
  await signed.getByText('Canonical JSON (what is signed)').click();
  await expect(signed.getByLabel('Canonical terms')).toContainText(TITLE);
  await expect(signed.getByRole('link', { name: 'Terms PDF' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the contract dialog');
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeHidden();

  // 3. The receiver: added, mailed, accepted from another browser; the creator's list changes live.
  await screen.getByRole('tab', { name: 'Royalty Receivers' }).click();
  const form = page.getByRole('form', { name: 'Add a receiver' });
  await form.getByLabel('Name').fill('Bea Collaborator');
  await form.getByLabel('Email').fill(receiverEmail);
  // Above 50 % is refused with a message, not clamped to 50 behind the creator's back.
  await form.getByLabel('Royalty share (%)').fill('60');
  await form.getByLabel('Royalty share (%)').blur();
  await expect(form.getByRole('alert')).toHaveText("A receiver's share must be between 1 and 50 %.");
  await expect(form.getByLabel('Royalty share (%)')).toHaveValue('60');
  await form.getByRole('button', { name: 'Add receiver' }).click();
  await expect(page.getByText('The percentage must be between 1 and 50')).toBeVisible();
  await form.getByLabel('Royalty share (%)').fill('10');
  await form.getByRole('button', { name: 'Add receiver' }).click();
  const receiverRow = page.getByRole('list', { name: 'Receivers' }).getByRole('listitem').filter({ hasText: 'Bea Collaborator' });
  await expect(receiverRow).toContainText('10%');
  await expect(receiverRow).toContainText('Invitation pending');
  await expect(receiverRow).toContainText(/Sent [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  const link = await newestOutboxLink(receiverEmail, /\/royalty-invitation\/[^/]+$/);

  const receiverContext = await browser.newContext();
  const receiverPage = await receiverContext.newPage();
  await receiverPage.goto('/');
  await signUp(receiverPage, receiver);
  const receiverBalance = receiverPage.getByRole('button', { name: /^Token balance:/ });
  await expect(receiverBalance).toHaveAccessibleName('Token balance: 50.00 tokens');
  await receiverPage.goto(link);
  const invitation = receiverPage.getByRole('region', { name: 'Royalty invitation' });
  await expect(invitation).toContainText(`${creator} invites Bea Collaborator (${receiverEmail}) to receive 10% of the royalties of "${TITLE}"`);
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(invitation.getByText('Accepted', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(receiverPage, 'the royalty invitation page');
  await expect(receiverRow).toContainText('Accepted');
  await expect(receiverRow).not.toContainText('Invitation pending');
  // The receiver goes back to their dashboard, where the payout will arrive.
  await receiverPage.getByRole('link', { name: 'GOOSE home' }).click();
  await expect(receiverBalance).toHaveAccessibleName('Token balance: 50.00 tokens');

  // 4. The release: from the vault's Distribution dialog, two stores; the sandbox says before submitting that no store will receive it, and charges nothing.
  await tabs.getByRole('menuitem', { name: 'Vault' }).click();
  await page.getByRole('article', { name: TITLE }).getByRole('button', { name: 'Distribute' }).click();
  const distribution = page.getByRole('dialog', { name: `Distribute "${TITLE}"` });
  await distribution.getByText('Spotify', { exact: true }).click();
  await distribution.getByText('Apple Music', { exact: true }).click();
  await expect(distribution.getByText('(2 of')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the distribution dialog');
  await expect(distribution).toContainText('no store will receive this release');
  // The release date: stores' lead time explained, a date too close warned about, the default four weeks ahead.
  const releaseDate = distribution.getByLabel('Release date');
  const defaultDate = await releaseDate.inputValue();
  await expect(distribution).toContainText('Stores ask for the release date to be at least 7 days ahead');
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  await releaseDate.fill(`${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`);
  await expect(distribution.getByText('This release date is less than 7 days away')).toBeVisible();
  await releaseDate.fill(defaultDate);
  await expect(distribution.getByText('This release date is less than 7 days away')).toBeHidden();
  // Cover art: a 3000×3000 PNG, checked by the server, shown as a preview.
  const cover = PNG.sync.write(new PNG({ width: 3000, height: 3000 }));
  await distribution.getByLabel('Upload cover art').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await expect(distribution.getByRole('img', { name: 'Cover art preview' })).toBeVisible();
  await expect(distribution).toContainText('Your cover: 3000×3000 PNG, checked.');
  // Credits: the creator is prefilled as songwriter and performer; a lyricist is added.
  await expect(distribution.getByLabel('Credit 1 name')).toHaveValue(creator);
  await distribution.getByRole('button', { name: 'Add a credit' }).click();
  await distribution.getByLabel('Credit 3 name').fill('Bo Lyrics');
  await chooseOption(distribution, 'Credit 3 role', 'Songwriter: lyricist (words)');
  await distribution.getByRole('button', { name: 'Submit to the sandbox (no store)' }).click();
  await expect(distribution).toBeHidden();
  await tabs.getByRole('menuitem', { name: 'Distributions' }).click();
  const release = page.getByRole('article', { name: `Release ${TITLE}` });
  await expect(fact(release, 'Cover art')).toHaveText('Uploaded, 3000×3000 PNG');
  await expect(fact(release, 'Credits')).toContainText('Bo Lyrics (Songwriter: lyricist (words))');
  await expect(release.getByLabel('Status: Sandbox: no store received it')).toBeVisible({ timeout: 60_000 });
  await expect(release).toContainText('no store received it');
  await expect(release).not.toContainText('Live on Platforms');
  const stores = release.getByRole('region', { name: `Stores of ${TITLE}` });
  await expect(stores.getByRole('row').filter({ hasText: 'Spotify' })).toContainText('Simulated: not sent to this store');
  await expect(stores.getByRole('row').filter({ hasText: 'Apple Music' })).toContainText('Simulated: not sent to this store');
  await expect(balance).toHaveAccessibleName('Token balance: 20.00 tokens');
  const isrc = (await fact(release, 'ISRC').textContent())!.trim();
  expect(isrc).toMatch(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/);

  // 5. A statement the creator writes is self-reported: an estimate on the release, never money.
  const statement = ['period,store,country,identifier,units,amount', `2026-10,spotify,US,${isrc},2400,600`, `2026-10,apple_music,GB,${isrc},800,400`].join('\n');
  // Amounts are cents, and the card says so; dollars are refused with that said, never read as cents.
  await expect(page.locator('.statement-import__columns')).toContainText('in whole US cents (4800 for $48.00; 48.00 is refused)');
  await page.getByLabel('Sales statement CSV file').setInputFiles({ name: 'dollars.csv', mimeType: 'text/csv', buffer: Buffer.from(`period,store,country,identifier,units,amount\n2026-10,spotify,US,${isrc},10,48.00\n`) });
  await expect(page.getByText('amount "48.00" looks like dollars; amounts are whole US cents', { exact: false })).toBeVisible();
  await page.getByLabel('Sales statement CSV file').setInputFiles({ name: 'statement-2026-10.csv', mimeType: 'text/csv', buffer: Buffer.from(`${statement}\n`) });
  await expect(page.getByText('statement-2026-10.csv (self-reported): 2 lines, 2 matched, 0 already imported, 0 unmatched ($10.00, an estimate).')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the statement import');
  await expect(fact(release, 'Royalty earnings')).toHaveText('$0.00');
  await release.getByRole('button', { name: 'Royalties by store' }).click();
  const royalties = release.getByRole('region', { name: `Royalties of ${TITLE}` });
  const sources = royalties.getByRole('list', { name: 'Where these royalties come from' });
  await expect(sources).toContainText('Self-reported (your uploads): $10.00');

  // 6. The delivery partner's report of the same sales, imported by an operator, pays nothing until
  // the partner's money for the period is recorded; then the whole $10.00 reaches the contract.
  const report = path.join(process.env.GOOSE_E2E_DATA_DIR!, `partner-report-${stamp}.csv`);
  await writeFile(report, `${statement}\n`);
  await opsCommand(baseURL!, ['import-statement', '--partner', 'e2e-distributor', report]);
  await expect(fact(release, 'Royalty earnings')).toHaveText('$10.00');
  await expect(sources).toContainText('Reported by the delivery partner: $10.00, of which $0.00 was paid by the partner');
  await expect(sources).toContainText('$10.00 is unreconciled');
  await tabs.getByRole('menuitem', { name: 'Smart Contracts' }).click();
  await screen.getByRole('tab', { name: 'Smart Contracts' }).click();
  await expect(fact(contractCard, 'Pending')).toHaveText('$0.00');
  await opsCommand(baseURL!, ['record-funds', '--partner', 'e2e-distributor', '--period', '2026-10', '--amount-cents', '1000', '--reference', `e2e-wire-${stamp}`]);
  await expect(fact(contractCard, 'Total earnings')).toHaveText('$10.00');
  await expect(fact(contractCard, 'Pending')).toHaveText('$10.00');

  // 7. Distribute Royalties: $10.00 split 15 % platform, 10 % receiver, the creator the rest.
  await screen.locator('.panel-header').getByRole('button', { name: 'Distribute Royalties' }).click();
  const distribute = page.getByRole('dialog', { name: 'Distribute Royalties' });
  await expect(distribute.getByRole('textbox', { name: 'Contract' })).toHaveValue(`${TITLE} · $10.00 pending`);
  await expectNoSeriousA11yViolations(page, 'the Distribute Royalties dialog');
  const amount = distribute.getByRole('spinbutton', { name: 'Amount (USD)' });
  await amount.click();
  await amount.pressSequentially('10');
  await amount.press('Tab');
  await expect(amount).toHaveValue('$10.00');
  await distribute.getByRole('button', { name: 'Distribute', exact: true }).click();
  await expect(distribute).toBeHidden();
  await expect(fact(contractCard, 'Pending')).toHaveText('$0.00');
  await expect(fact(contractCard, 'Distributed')).toHaveText('$10.00');
  await expect(contractCard.getByText('Distributed 100%')).toBeVisible();

  await screen.getByRole('tab', { name: 'Royalty History' }).click();
  const run = page.getByRole('list', { name: 'Payout runs' }).getByRole('listitem').first();
  await expect(run).toContainText(TITLE);
  await expect(run).toContainText('Distributed by you');
  await expect(run.getByText('Paid', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the paid payout run');
  const lines = run.getByRole('row');
  await expect(lines.filter({ hasText: 'Bea Collaborator' })).toContainText(/10%\s*\$1\.00\s*Credited in tokens/);
  await expect(lines.filter({ hasText: creator })).toContainText(/75%\s*\$7\.50\s*Credited in tokens/);
  await expect(lines.filter({ hasText: /platform/i })).toContainText(/15%\s*\$1\.50\s*Recorded/);
  await expect(lines).toHaveCount(4);

  // Each share arrives in its owner's token balance, live.
  await expect(receiverBalance).toHaveAccessibleName('Token balance: 51.00 tokens');
  await expect(balance).toHaveAccessibleName('Token balance: 27.50 tokens');
  await receiverContext.close();
});
