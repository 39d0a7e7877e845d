// The accessibility walk behind the counts in docs/accessibility.md: axe on every dashboard tab and
// page as a visitor and signed in, the sign-up dialog, and the File New Dispute and Offer a license
// dialogs (51 screens). The journeys check the screens they use on every run; this walk runs only when
// asked (A11Y_WALK=1, usually with AXE_REPORT=<file> to count rather than fail), as it adds minutes.
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './sign-up';
import { DASHBOARD_TABS } from '../../web/src/lib/dashboard-tabs';

const PAGES = ['/rights-registry', '/proof-explorer', '/licensing-marketplace', '/dispute-management', '/notifications', '/verify', '/streaming', '/settings', '/subscribe', '/legal/terms', '/no-such-page'];

test('every tab, page and the main dialogs, as a visitor and signed in (a measuring walk, skipped unless A11Y_WALK=1)', async ({ page }) => {
  test.skip(!process.env.A11Y_WALK, 'set A11Y_WALK=1 to walk every screen');
  test.setTimeout(600_000);
  const walk = async (who: string) => {
    for (const tab of DASHBOARD_TABS) {
      await page.goto(`/dashboard/${tab}`);
      await expect(page.locator('main, [role="main"]').first()).toBeVisible();
      // Lazily loaded panels and their first answers settle.
      await page.waitForTimeout(1_200);
      await expectNoSeriousA11yViolations(page, `${who} tab ${tab}`);
    }
    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForTimeout(1_200);
      await expectNoSeriousA11yViolations(page, `${who} ${path}`);
    }
  };

  await page.goto('/');
  await expectNoSeriousA11yViolations(page, 'visitor /');
  await walk('visitor');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up Now' }).click();
  await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-up dialog');
  await page.keyboard.press('Escape');
  await signUp(page, `walk_${Date.now().toString(36)}`);
  await expectNoSeriousA11yViolations(page, 'signed in landing');
  await walk('user');
  await page.goto('/dispute-management');
  await page.getByRole('button', { name: 'File New Dispute' }).click();
  await expect(page.getByRole('dialog', { name: 'File New Dispute' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'file dispute dialog');
  await page.goto('/licensing-marketplace?tab=offers');
  await page.getByRole('button', { name: 'Offer a license' }).click();
  await expect(page.getByRole('dialog', { name: 'Offer a license' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'offer dialog');
});
