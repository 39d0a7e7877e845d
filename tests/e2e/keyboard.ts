// Keyboard checks the journeys share: Escape in an open dropdown inside a dialog closes the list only;
// reaching a control with Tab (or a menubar item with the arrows), as someone without a mouse does.
import { expect, type Locator } from '@playwright/test';

/**
 * Opens the dialog's dropdown named `label`, presses Escape, and expects the list gone and the dialog
 * still open. A dialog closing fades out, so it still shows for a moment: callers then check that a
 * field of the form kept its value, which fails for certain once the dialog is gone.
 */
export async function expectEscapeClosesOnlyTheList(dialog: Locator, label: string): Promise<void> {
  const page = dialog.page();
  await dialog.locator('.field').filter({ has: page.getByText(label, { exact: true }) }).locator('.p-dropdown').click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(dialog).toBeVisible();
}

async function holdsFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));
}

/** Presses Tab (at most `limit` times) until `target` has the focus: proof it is reachable by keyboard. */
export async function tabTo(target: Locator, limit = 200): Promise<void> {
  const page = target.page();
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await holdsFocus(target)) return;
    await page.keyboard.press('Tab');
  }
  expect(await holdsFocus(target), `Tab never reached ${target.toString()}`).toBe(true);
}

/** A menubar's item by keyboard: Tab to the menubar's one tabbable item, Home, then arrows to `item` (roving focus). */
export async function arrowTo(menubar: Locator, item: Locator, limit = 12): Promise<void> {
  const page = menubar.page();
  await tabTo(menubar);
  await page.keyboard.press('Home');
  for (let presses = 0; presses < limit; presses += 1) {
    if (await holdsFocus(item)) return;
    await page.keyboard.press('ArrowRight');
  }
  expect(await holdsFocus(item), `the arrows never reached ${item.toString()}`).toBe(true);
}
