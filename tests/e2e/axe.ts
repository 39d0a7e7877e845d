// Accessibility checks the journeys share: axe-core on the page as it stands (with any dialog open),
// failing on a serious or critical violation of WCAG 2.1 A/AA or axe's best practices. With
// AXE_REPORT=<file> it records every violation's count by impact there instead of failing, so the
// journeys can be walked once to measure (docs/accessibility.md).
import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

function describe(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 5).map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`);
      const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}${more}`;
    })
    .join('\n');
}

/**
 * Waits until no animation that ends is running. A dialog or tab that is still fading in is checked
 * once it is still: axe reads colours as drawn. (Spinners run forever, so only animations that end
 * are waited for.) A transition may start a frame after the element appears, so the page is asked
 * again until two frames pass with none.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let round = 0; round < 10; round += 1) {
      await frame();
      const running = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity && animation.playState === 'running');
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  await settled(page);
  // Only violations are read: asking axe to leave out the passes and incomplete results makes each check cheaper.
  // axe.run in the page and its same-origin frames (legacy mode) rather than a partial run per frame
  // finished in a new blank page: the same violations (compared on the licensing journey's nine
  // checks) in about a third of the time. Only cross-origin frames would be left out, and the
  // journeys check none (the app's own frames are same-origin; the QXMP Pay and Stripe ones are
  // never open during a check).
  const analyze = async () => (await new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] }).setLegacyMode().analyze()).violations;
  let violations = await analyze();
  // Something that appeared during the run (a live update's panel fading in) is read half-drawn:
  // a page found wanting is checked again once it has settled, and only what remains counts.
  if (violations.some((violation) => BLOCKING.has(violation.impact ?? ''))) {
    await settled(page);
    violations = await analyze();
  }
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const report = process.env.AXE_REPORT;
  if (report) {
    const count = (impact: string) => violations.filter((violation) => violation.impact === impact).reduce((sum, violation) => sum + violation.nodes.length, 0);
    const entry = { label, critical: count('critical'), serious: count('serious'), moderate: count('moderate'), minor: count('minor'), rules: blocking.map((violation) => `${violation.id}×${violation.nodes.length} ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`) };
    appendFileSync(report, `${JSON.stringify(entry)}\n`);
    return;
  }
  expect(blocking.map((violation) => violation.id), `serious or critical accessibility violations on ${label}:\n${describe(blocking)}`).toEqual([]);
}
