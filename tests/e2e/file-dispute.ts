// Filing a dispute against a registered work from /dispute-management, as a claimant does; shared by
// the dispute and notifications journeys. Answers the filed case's id and the confirmation dialog.
import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expectEscapeClosesOnlyTheList } from './keyboard';
import { chooseOption } from './locators';

export interface DisputeToFile {
  /** The work's title and its owner's username, as the registry's search lists them. */
  title: string;
  owner: string;
  subject: string;
  description: string;
}

export async function fileDispute(page: Page, dispute: DisputeToFile): Promise<{ disputeId: string; filed: Locator }> {
  await page.goto('/dispute-management');
  await page.getByRole('button', { name: 'File New Dispute' }).click();
  const fileDialog = page.getByRole('dialog', { name: 'File New Dispute' });
  const work = fileDialog.getByLabel('Work');
  // Picked from the registry's suggestions. On a loaded machine a search answered late can replace the
  // list as the option is clicked, leaving the typed text: then the field is cleared and the pick made again.
  await expect(async () => {
    await work.fill('');
    await work.pressSequentially(dispute.title.slice(0, 8));
    await page.getByRole('option', { name: new RegExp(`${dispute.title} by ${dispute.owner}`) }).click({ timeout: 10_000 });
    await expect(fileDialog.getByText(`owned by ${dispute.owner}`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await chooseOption(fileDialog, 'Dispute type', 'Copyright infringement');
  await fileDialog.getByLabel('Subject').fill(dispute.subject);
  await fileDialog.getByLabel('Description').fill(dispute.description);
  // Escape in an open dropdown closes its list, not the dialog with what was typed in it.
  await expectEscapeClosesOnlyTheList(fileDialog, 'Priority');
  await expect(fileDialog.getByLabel('Subject')).toHaveValue(dispute.subject);
  await expectNoSeriousA11yViolations(page, 'the File New Dispute dialog');
  await fileDialog.getByRole('button', { name: 'File Dispute' }).click();
  const filed = page.getByRole('dialog', { name: 'Dispute filed' });
  await expect(filed).toContainText(/Dispute #\S+ is filed\./);
  const disputeId = /Dispute #(\S+) is filed\./.exec((await filed.textContent()) ?? '')?.[1] ?? '';
  expect(disputeId).not.toBe('');
  await expectNoSeriousA11yViolations(page, 'the Dispute filed dialog');
  return { disputeId, filed };
}
