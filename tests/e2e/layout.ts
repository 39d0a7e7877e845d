// Layout checks the journeys share: no page may scroll sideways, at a phone's width or a laptop's.
import { expect, type Page } from '@playwright/test';

/**
 * How far the document is wider than the window, asked until it is 0: lazily loaded chunks and
 * charts lay the page out again after they arrive, so one early measure can catch a passing frame.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: 'the page scrolls sideways', timeout: 5_000 })
    .toBeLessThanOrEqual(0);
}
