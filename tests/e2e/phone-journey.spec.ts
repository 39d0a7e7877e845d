// A creator's main path on a phone (the `phone` project: 390×844, touch, Chromium's mobile mode):
// a visitor's public pages, then sign up, every dashboard tab, the menu drawer opening and closing,
// a track uploaded, mastered, checked and registered, its certificate in a dialog that fills the
// screen, the vault, the marketplace, the registry, the disputes list, settings, support and the FAQ,
// and, signed out again, the certificate's public verification. phone-fixtures.ts fails the journey
// on any page whose document is wider than the screen; axe checks each tab, page and dialog.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './phone-fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoSidewaysScroll } from './layout';
import { signUp } from './sign-up';
import { encodeWav, music } from '../../infra/audio/test-signals';

/** A dialog fills the phone's screen: no margin to tap beside it, nothing of the page around it. */
async function expectFillsScreen(page: Page, dialog: Locator): Promise<void> {
  const screen = page.viewportSize()!;
  await expect.poll(async () => {
    const box = await dialog.boundingBox();
    return box && [Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)];
  }).toEqual([0, 0, screen.width, screen.height]);
}

/** The dashboard shows `tab`'s panel, with its heading. */
async function expectTab(page: Page, tab: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/dashboard/${tab}$`));
  const panel = page.locator('.dashboard__panel');
  await expect(panel).toHaveAttribute('data-tab', tab);
  await expect(panel.getByRole('heading').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, `the ${tab} tab on a phone`);
}

/** Opens the menu drawer and follows one of its links. */
async function fromMenu(page: Page, link: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const sections = menu.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('button', { name: link, exact: true }).or(sections.getByRole('link', { name: link, exact: true })).click();
  await expect(menu).toBeHidden();
}

test('a creator on a phone: public pages, sign-up, every tab, upload to registration, and every screen fits', async ({ page }) => {
  const username = `ph_${Date.now().toString(36)}`;
  const title = 'Pocket Anthem';

  // A visitor first: the welcome, the demo vault, the marketplace, the registry and the proof explorer.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign Up Now' })).toBeVisible();
  await page.goto('/dashboard/vault');
  await expect(page.getByRole('heading', { name: 'My Content Vault' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  for (const [path, heading] of [
    ['/licensing-marketplace', 'Licensing Marketplace'],
    ['/rights-registry', 'Rights Registry Search'],
    ['/proof-explorer', 'Proof Explorer'],
    ['/streaming', 'Per-stream streaming platform: waiting list'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  }

  await page.goto('/');
  await signUp(page, username);
  await expect(page.getByRole('button', { name: /^Token balance:/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeInViewport();

  // No rail or sidebar beside the panel: both are in the drawer, which opens and closes.
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Workflow progress' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(menu.getByRole('complementary', { name: 'Workflow progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yViolations(page, 'the menu drawer');
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  // Escape closes it too, and the focus goes back to the button that opened it.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  // Every dashboard tab: the tab bar's seven (it scrolls within itself), the others from the drawer.
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  for (const [label, tab] of [
    ['Upload', 'upload'],
    ['Create', 'create'],
    ['Master', 'mastering'],
    ['Copyright Oracle', 'oracle'],
    ['Smart Contracts', 'smart-contracts'],
    ['Vault', 'vault'],
    ['Distributions', 'distributions'],
  ] as const) {
    await tabs.getByRole('menuitem', { name: label }).click();
    await expectTab(page, tab);
  }
  // Opened by its address, the last tab is brought into view within the bar.
  await page.goto('/dashboard/distributions');
  await expect(tabs.getByRole('menuitem', { name: 'Distributions' })).toBeInViewport({ ratio: 0.95 });
  for (const [label, tab] of [
    ['Get started', 'welcome'],
    ['Earnings & Analytics', 'analytics'],
    ['Developer API', 'developer'],
    ['Support', 'support'],
    ['FAQ', 'faq'],
  ] as const) {
    await fromMenu(page, label);
    await expectTab(page, tab);
  }

  // Upload, master, check and register, all on the phone.
  await tabs.getByRole('menuitem', { name: 'Upload' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'pocket-anthem.wav', mimeType: 'audio/wav', buffer: encodeWav(music({ seconds: 6, seed: 33, level: -9 }), 44_100, 2) });
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Upload successful', { exact: true })).toBeVisible();
  await tabs.getByRole('menuitem', { name: 'Copyright Oracle' }).click();
  const workflowCard = page.getByRole('article', { name: title });
  await workflowCard.getByRole('button', { name: 'Start Mastering' }).click({ timeout: 60_000 });
  // The server accepted the run (a refusal would show "Mastering Failed" and its reason instead).
  await expect(page.getByText('Mastering Started').first()).toBeVisible({ timeout: 60_000 });
  await expect(workflowCard).toHaveAttribute('data-workflow-status', 'mastered', { timeout: 60_000 });
  await expectNoSidewaysScroll(page);
  await workflowCard.getByRole('button', { name: 'Register Copyright' }).click();
  await expect(page.getByText('Copyright Analysis Complete').first()).toBeVisible({ timeout: 60_000 });
  await expect(workflowCard).toHaveAttribute('data-workflow-status', 'registered', { timeout: 60_000 });
  await expectNoSidewaysScroll(page);

  // The drawer's workflow progress follows the track; a step there opens its tab and closes the drawer.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const progress = menu.getByRole('complementary', { name: 'Workflow progress' });
  await expect(progress.getByRole('heading', { name: title })).toBeVisible();
  await progress.getByRole('button', { name: /^Vault/ }).click();
  await expect(menu).toBeHidden();
  await expectTab(page, 'vault');

  // The vault's card and its certificate, in a dialog that fills the screen.
  const vaultCard = page.getByRole('article', { name: title });
  await expect(vaultCard).toBeVisible();
  await expectNoSidewaysScroll(page);
  await vaultCard.getByRole('button', { name: 'Certificate' }).click();
  const certificate = page.getByRole('dialog', { name: 'Copyright Certificate' });
  await expect(certificate).toBeVisible();
  await expectFillsScreen(page, certificate);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, 'the certificate dialog on a phone');
  const verifyHref = await certificate.getByRole('link', { name: 'Open the public verification page' }).getAttribute('href');
  await page.keyboard.press('Escape');
  await expect(certificate).toBeHidden();

  // The full pages, from the drawer: each keeps to the screen.
  for (const [link, heading] of [
    ['Licensing Marketplace', 'Licensing Marketplace'],
    ['Rights Registry', 'Rights Registry Search'],
    ['Dispute Management', 'Dispute Management'],
  ] as const) {
    await page.goto('/dashboard/vault');
    await fromMenu(page, link);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, `${heading} on a phone`);
  }
  // The marketplace's own tabs scroll within their bar.
  await page.goto('/licensing-marketplace');
  await page.getByRole('tab', { name: 'My offers & sales' }).click();
  await expect(page).toHaveURL(/tab=offers/);
  await expectNoSidewaysScroll(page);
  // The registry finds the new work, and its card keeps to the screen.
  await page.goto('/rights-registry');
  await page.getByLabel('Search the registry').fill(title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('[data-work-id]').first()).toContainText(title);
  await expectNoSidewaysScroll(page);

  // Settings, from the account menu.
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Signed out, the certificate's public page.
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign Up Now' })).toBeVisible();
  await page.goto(new URL(verifyHref!, page.url()).pathname);
  await expect(page.getByText('Certificate verified', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
