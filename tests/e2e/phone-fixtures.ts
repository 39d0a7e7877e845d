// The phone journeys' `test`: besides the content security policy check of fixtures.ts, every page
// the journey opens (a full load, or a same-document navigation such as a dashboard tab) is measured
// once it settles, and the journey fails if the document stayed wider than the phone's screen.
import type { Page } from '@playwright/test';
import { test as base } from './fixtures';

export { expect } from './fixtures';

/** How long a page may lay itself out again (lazy chunks, charts) before its width counts. */
const SETTLE_MS = 5_000;

/** The document's overflow past the window, in px; null while the page is between documents. */
async function overflow(page: Page): Promise<number | null> {
  try {
    return await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  } catch {
    return null;
  }
}

/** Whether the page fits within SETTLE_MS of arriving at `url`: any fitting measure passes it; leaving the address first leaves it to the next address's check. */
async function fitsAfterSettling(page: Page, url: string): Promise<{ url: string; overflow: number } | null> {
  const deadline = Date.now() + SETTLE_MS;
  let last = 0;
  while (Date.now() < deadline) {
    if (page.isClosed() || page.url() !== url) return null;
    const measured = await overflow(page);
    if (measured !== null && measured <= 0) return null;
    if (measured !== null) last = measured;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return page.url() === url ? { url, overflow: last } : null;
}

export const test = base.extend<{ everyPageFitsTheScreen: void }>({
  everyPageFitsTheScreen: [
    async ({ page }, use) => {
      const checks: Promise<{ url: string; overflow: number } | null>[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) checks.push(fitsAfterSettling(page, frame.url()));
      });
      await use();
      const wide = (await Promise.all(checks)).filter((found) => found !== null);
      base.expect(wide, 'pages wider than the screen (scroll sideways)').toEqual([]);
    },
    { auto: true },
  ],
});
