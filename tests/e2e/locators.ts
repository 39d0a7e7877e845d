// Locators the journeys share: a fact in a card's definition list, an option of a PrimeReact dropdown.
import { expect, type Locator } from '@playwright/test';

/** A fact's value in a card's <dl>. */
export function fact(scope: Locator, term: string): Locator {
  return scope.locator('.fact').filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');
}

/**
 * Picks an option of a PrimeReact dropdown by its label. A click that lands while the dialog is
 * still settling can leave the list shut, and options can arrive after it opened: the list is opened
 * again until the option is there, and a failure names the options that were offered.
 */
export async function chooseOption(scope: Locator, label: string, option: string | RegExp): Promise<void> {
  const page = scope.page();
  const dropdown = scope.locator('.field').filter({ has: page.getByText(label, { exact: true }) }).locator('.p-dropdown');
  // The list item, not the hidden native <option> PrimeReact keeps for the selected value.
  const item = page.getByRole('option', { name: option }).and(page.locator('li'));
  const panel = page.locator('.p-dropdown-panel').first();
  await expect(async () => {
    if (await item.isVisible()) return;
    if (await panel.isVisible()) await dropdown.click();
    await dropdown.click();
    const offered = await page.locator('.p-dropdown-panel li[role="option"]').allInnerTexts();
    expect(offered.some((text) => (typeof option === 'string' ? text.includes(option) : option.test(text))), `options offered for ${label}: ${offered.join(' | ') || 'none'}`).toBe(true);
  }).toPass({ intervals: [500, 1_000, 2_000], timeout: 60_000 });
  await item.click();
}
