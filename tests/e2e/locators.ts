// Locators the journeys share: a fact in a card's definition list, an option of a PrimeReact dropdown.
import type { Locator } from '@playwright/test';

/** A fact's value in a card's <dl>. */
export function fact(scope: Locator, term: string): Locator {
  return scope.locator('.fact').filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');
}

/** Picks an option of a PrimeReact dropdown by its label. */
export async function chooseOption(scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.locator('.field').filter({ has: scope.page().getByText(label, { exact: true }) }).locator('.p-dropdown').click();
  // The list item, not the hidden native <option> PrimeReact keeps for the selected value.
  await scope.page().getByRole('option', { name: option }).and(scope.page().locator('li')).click();
}
