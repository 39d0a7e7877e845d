// A royalty payout for a registered track, the short way royalties-journey.spec.ts makes one: the
// standard contract, a sandbox release for its ISRC, the delivery partner's statement for it imported
// and funded by an operator, and Distribute Royalties of the whole $10.00 (85 % to the creator). For
// the journeys that read what a payout leaves behind; the receivers and estimates are the royalties
// journey's own.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { chooseOption, fact } from './locators';
import { opsCommand } from './ops-command';

export interface PayoutServer {
  baseUrl: string;
  /** The server's data directory: the operator commands read its ops token there. */
  dataDir: string;
}

/** Pays $10.00 of partner-reported sales of `title` (a registered track of the signed-in creator) through its contract. */
export async function payRoyaltiesOf(page: Page, title: string, server: PayoutServer): Promise<void> {
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  const contracts = page.locator('section.smart-contracts-panel');
  await tabs.getByRole('menuitem', { name: 'Smart Contracts' }).click();
  await contracts.locator('.panel-header').getByRole('button', { name: 'Create Smart Contract' }).click();
  const create = page.getByRole('dialog', { name: 'Create Smart Contract' });
  await chooseOption(create, 'Content', new RegExp(`^${title} · `));
  await create.getByRole('button', { name: 'Create Smart Contract' }).click();
  await expect(create).toBeHidden();
  const contractCard = page.getByRole('article', { name: `Contract for ${title}` });
  await expect(contractCard).toHaveAttribute('data-status', 'active');

  // The sandbox release gives the track its ISRC, which the partner's statement names.
  await tabs.getByRole('menuitem', { name: 'Vault' }).click();
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Distribute' }).click();
  const distribution = page.getByRole('dialog', { name: `Distribute "${title}"` });
  await distribution.getByText('Spotify', { exact: true }).click();
  await distribution.getByText('Apple Music', { exact: true }).click();
  await distribution.getByRole('button', { name: 'Submit to the sandbox (no store)' }).click();
  await expect(distribution).toBeHidden();
  await tabs.getByRole('menuitem', { name: 'Distributions' }).click();
  const isrcFact = fact(page.getByRole('article', { name: `Release ${title}` }), 'ISRC');
  await expect(isrcFact).toHaveText(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/, { timeout: 30_000 });
  const isrc = (await isrcFact.textContent())!.trim();

  const stamp = Date.now().toString(36);
  const report = path.join(server.dataDir, `partner-report-${stamp}.csv`);
  await writeFile(report, ['period,store,country,identifier,units,amount', `2026-10,spotify,US,${isrc},2400,600`, `2026-10,apple_music,GB,${isrc},800,400`, ''].join('\n'));
  await opsCommand(server.baseUrl, ['import-statement', '--partner', 'e2e-distributor', report], server.dataDir);
  await opsCommand(server.baseUrl, ['record-funds', '--partner', 'e2e-distributor', '--period', '2026-10', '--amount-cents', '1000', '--reference', `e2e-wire-${stamp}`], server.dataDir);

  await tabs.getByRole('menuitem', { name: 'Smart Contracts' }).click();
  await contracts.getByRole('tab', { name: 'Smart Contracts' }).click();
  await expect(fact(contractCard, 'Pending')).toHaveText('$10.00');
  await contracts.locator('.panel-header').getByRole('button', { name: 'Distribute Royalties' }).click();
  const distribute = page.getByRole('dialog', { name: 'Distribute Royalties' });
  const amount = distribute.getByRole('spinbutton', { name: 'Amount (USD)' });
  await amount.click();
  await amount.pressSequentially('10');
  await amount.press('Tab');
  await distribute.getByRole('button', { name: 'Distribute', exact: true }).click();
  await expect(distribute).toBeHidden();
  await expect(fact(contractCard, 'Distributed')).toHaveText('$10.00');
}
