// A dispute through the screens, by four people in three browsers at a time: an owner
// registers a track, gives it a royalty contract and offers a license; a claimant files a dispute
// against the work and sees what was done automatically, and the marketplace then refuses to sell the
// license; the owner answers the claim with evidence; a reviewer (role granted through the ops CLI)
// assigns the case to themselves and resolves it; an auditor replays the case's history event by event
// and cannot download the evidence.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { fileDispute } from './file-dispute';
import { expect, test } from './fixtures';
import { chooseOption } from './locators';
import { opsCommand } from './ops-command';
import { uploadMasterAndRegister } from './register-track';
import { signUp } from './sign-up';

const TITLE = 'Harbour Quarrel';

async function grantRole(baseURL: string, username: string, role: 'reviewer' | 'auditor'): Promise<void> {
  await opsCommand(baseURL, ['grant-role', username, role]);
}

async function openCase(page: Page, subject: string) {
  await page.goto('/dispute-management');
  const row = page.getByRole('article', { name: subject });
  await row.getByRole('button', { name: 'View Details' }).click();
  return page.getByRole('dialog', { name: /^Dispute #/ });
}

test('a claimant files against a licensed work, the marketplace refuses to sell it, the owner answers with evidence, a reviewer resolves, an auditor replays the history', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const owner = `own_${stamp}`;
  const claimant = `clm_${stamp}`;
  const reviewer = `rev_${stamp}`;
  const auditor = `aud_${stamp}`;
  const subject = `The chorus is mine ${stamp}`;
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });

  // 1. The owner registers the track, gives it a royalty contract and offers a license for 12 tokens.
  await page.goto('/');
  await signUp(page, owner);
  await uploadMasterAndRegister(page, TITLE, 311);
  await page.getByRole('dialog', { name: 'Task Completed' }).getByRole('button', { name: 'Later' }).click();
  await tabs.getByRole('menuitem', { name: 'Smart Contracts' }).click();
  await page.locator('section.smart-contracts-panel .panel-header').getByRole('button', { name: 'Create Smart Contract' }).click();
  const create = page.getByRole('dialog', { name: 'Create Smart Contract' });
  await chooseOption(create, 'Content', new RegExp(`^${TITLE} · `));
  await create.getByRole('button', { name: 'Create Smart Contract' }).click();
  await expect(create).toBeHidden();
  await page.goto('/licensing-marketplace?tab=offers');
  // A full page keeps the signed-in header with the balance.
  await expect(page.getByRole('button', { name: /^Token balance: / })).toBeVisible();
  await page.getByRole('button', { name: 'Offer a license' }).click();
  const offer = page.getByRole('dialog', { name: 'Offer a license' });
  await chooseOption(offer, 'Work', new RegExp(TITLE));
  await offer.getByLabel('Price', { exact: true }).fill('12');
  const card = offer.getByLabel('Card (Stripe)');
  if (await card.isChecked()) await card.uncheck();
  await offer.getByRole('button', { name: 'Offer license' }).click();
  await expect(page.getByText('License offered', { exact: true })).toBeVisible();

  // 2. The claimant files a dispute against the work, picked from the registry.
  const claimantContext = await browser.newContext();
  const claimantPage = await claimantContext.newPage();
  await claimantPage.goto('/');
  await signUp(claimantPage, claimant);
  const { disputeId, filed } = await fileDispute(claimantPage, { title: TITLE, owner, subject, description: 'The chorus copies the melody of my 2019 song note for note.' });
  await expect(filed).toContainText(/frozen/i);
  await filed.locator('.p-dialog-footer, .p-dialog-content').getByRole('button', { name: 'Close' }).click();
  const row = claimantPage.getByRole('article', { name: subject });
  await expect(row).toContainText('Assets Frozen');
  await expect(row).toContainText('Today');
  await expectNoSeriousA11yViolations(claimantPage, 'the claimant\'s disputes');

  // 3. The marketplace refuses to sell a license of the disputed work.
  await claimantPage.goto('/licensing-marketplace');
  await claimantPage.getByPlaceholder('Search by work title, creator, license type...').fill(TITLE);
  // Hidden by the default "No active disputes" filter; shown without it, and not for sale.
  await expect(claimantPage.getByText('No licenses found')).toBeVisible();
  await claimantPage.getByLabel('No active disputes').uncheck();
  const listing = claimantPage.getByRole('article', { name: `License for ${TITLE}` });
  await expect(listing.getByRole('button', { name: 'Purchase License' })).toBeDisabled();
  await expect(listing).toContainText('This work is disputed');
  await expectNoSeriousA11yViolations(claimantPage, 'the marketplace with a disputed work');

  // 4. The owner answers the claim, with evidence.
  const ownerCase = await openCase(page, subject);
  await expect(ownerCase).toContainText(/left to answer/);
  await ownerCase.getByRole('button', { name: 'Answer' }).click();
  await ownerCase.getByLabel('Your answer to the claim').fill('I wrote the chorus in 2018; the session files show it.');
  await expectNoSeriousA11yViolations(page, 'the case dialog, answering');
  await ownerCase.getByRole('button', { name: 'Submit' }).click();
  await ownerCase.getByRole('tab', { name: /^Evidence/ }).click();
  await ownerCase.getByLabel('File (up to 25 MB, optional)').setInputFiles({ name: 'session-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Session of 2018-03-02: chorus written.\n') });
  await ownerCase.getByLabel('Description').fill('Notes of the 2018 session');
  await ownerCase.getByRole('button', { name: 'Add Evidence' }).click();
  await expect(ownerCase).toContainText('session-notes.txt');
  await expectNoSeriousA11yViolations(page, 'the case dialog\'s evidence');
  await page.keyboard.press('Escape');
  // The claimant reads the answer in the case's overview and its timeline.
  const ANSWER = 'I wrote the chorus in 2018; the session files show it.';
  const claimantCase = await openCase(claimantPage, subject);
  await expect(claimantCase.getByRole('region', { name: "The respondent's answer" })).toContainText(ANSWER);
  await claimantCase.getByRole('tab', { name: 'Timeline' }).click();
  await expect(claimantCase).toContainText('Respondent Answered');
  await expect(claimantCase).toContainText(ANSWER);
  await claimantContext.close();

  // 5. A reviewer assigns the case to themselves and resolves it for the owner.
  const reviewerContext = await browser.newContext();
  const reviewerPage = await reviewerContext.newPage();
  await reviewerPage.goto('/');
  await signUp(reviewerPage, reviewer);
  await grantRole(baseURL!, reviewer, 'reviewer');
  const reviewerCase = await openCase(reviewerPage, subject);
  await expect(reviewerCase.getByRole('region', { name: "The respondent's answer" })).toContainText(ANSWER);
  await reviewerCase.getByRole('button', { name: 'Assign to me' }).click();
  await expect(reviewerCase).toContainText(reviewer);
  await expect(reviewerCase.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await reviewerCase.getByRole('button', { name: 'Resolve' }).click();
  await chooseOption(reviewerCase, 'Outcome', 'Rejected (for the respondent)');
  await reviewerCase.getByLabel('Details of the resolution').fill('The session notes predate the claimant’s song.');
  await expectNoSeriousA11yViolations(reviewerPage, 'the case dialog, resolving');
  await reviewerCase.getByRole('button', { name: 'Submit' }).click();
  await reviewerCase.getByRole('tab', { name: 'Resolution' }).click();
  await expect(reviewerCase).toContainText('Rejected (for the respondent)');
  await reviewerContext.close();

  // 6. An auditor replays the case's history and cannot download the owner's evidence.
  const auditorContext = await browser.newContext();
  const auditorPage = await auditorContext.newPage();
  await auditorPage.goto('/');
  await signUp(auditorPage, auditor);
  await grantRole(baseURL!, auditor, 'auditor');
  const auditorCase = await openCase(auditorPage, subject);
  await auditorCase.getByRole('tab', { name: /^Evidence/ }).click();
  await expect(auditorCase).toContainText('session-notes.txt');
  await expect(auditorCase.getByRole('button', { name: 'View' })).toHaveCount(0);
  await auditorPage.goto(`/dispute-management/${encodeURIComponent(disputeId)}/history`);
  const stepper = auditorPage.getByText(/^After event \d+ of \d+$/);
  const [, last, total] = /After event (\d+) of (\d+)/.exec((await stepper.textContent()) ?? '') ?? [];
  expect(last).toBe(total);
  await auditorPage.getByRole('button', { name: 'Previous event' }).click();
  await expect(stepper).toHaveText(`After event ${Number(total) - 1} of ${total}`);
  // The events in words and by name; the answer summarised; the raw JSON one click away.
  await expect(auditorPage.getByRole('button', { name: new RegExp(`Dispute answered.*${owner}.*I wrote the chorus in 2018`) })).toBeVisible();
  await auditorPage.getByRole('button', { name: new RegExp(`Dispute filed.*${claimant}`) }).click();
  await expect(stepper).toHaveText(`After event 1 of ${total}`);
  await expect(auditorPage.getByText('Event 1: Dispute filed')).toBeVisible();
  await auditorPage.getByText('Raw event (DisputeFiled, JSON)').click();
  await expect(auditorPage.locator('.event-history__json')).toContainText('"type": "DisputeFiled"');
  await expectNoSeriousA11yViolations(auditorPage, 'the case history');
  await auditorContext.close();
});
