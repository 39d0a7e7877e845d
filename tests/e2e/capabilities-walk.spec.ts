// Every screen a new creator can open, read against what the server says it can do
// (GET /api/capabilities) with the rule table in capability-claims.ts: a screen must not sell or
// report what is off, nor call unavailable what is on, nor show operator words. Walked twice, each
// on a server of its own started here (the journeys' shared server has Stripe keys, so it is not a
// zero-configuration one): once with nothing configured, once with card payments (stripe-mock) and
// a ledger (the rippled stand-in, with an XRP price), where the words must change with the report.
import net from 'node:net';
import type { Page } from '@playwright/test';
import { Wallet } from 'xrpl';
import type { CapabilityId, CapabilityReport } from '../../domain/platform/capabilities';
import { startPlatformProcess, type PlatformProcess } from '../support/platform-process';
import { startRippledStandIn, type RippledStandIn } from '../support/rippled-stand-in';
import { startStripeMock, stripeMockBinary, type StripeMock } from '../support/stripe-mock';
import { capabilityRules, findClaim, offences, STRIPE_JS, type ScreenReading } from './capability-claims';
import { expect, test } from './fixtures';
import { chooseOption } from './locators';
import { uploadMasterAndRegister } from './register-track';
import { signUp } from './sign-up';

const TITLE = 'Walked Track';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Only what a process needs to run: the server under walk starts from the settings given and no others. */
function bareEnvironment(): NodeJS.ProcessEnv {
  // WORKFLOW_BUNDLE_PATH is how the app is run (prebuilt workflows), not what it is configured to offer.
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TEMPORAL_CLI', 'WORKFLOW_BUNDLE_PATH'];
  return Object.fromEntries(keep.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]));
}

async function capabilitiesOf(baseUrl: string): Promise<CapabilityReport> {
  const answer = (await (await fetch(`${baseUrl}/api/capabilities`)).json()) as { capabilities: CapabilityReport };
  return answer.capabilities;
}

/** The page's containers (page, dialogs, regions, cards, rows, list items) with their text, and its enabled controls. */
async function readScreen(page: Page, screen: string): Promise<ScreenReading> {
  // Let what the screen loads arrive: no skeleton or busy region left (the page polls, so it is never
  // network-idle). A part still loading after 10 s is read as it stands: its words are what a user sees.
  await expect(page.locator('.p-skeleton, [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
  const read = await page.evaluate(() => {
    const CONTAINERS = 'body, [role=dialog], [role=region], [role=menu], section, article, form, fieldset, li, tr, .p-card, .p-toast-message, .p-message';
    const visible = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const containers = Array.from(document.querySelectorAll(CONTAINERS)).filter(visible);
    const index = new Map(containers.map((element, i) => [element, i]));
    const containerOf = (element: Element): number | null => {
      for (let at = element.parentElement; at; at = at.parentElement) {
        const found = index.get(at);
        if (found !== undefined) return found;
      }
      return null;
    };
    const blocks = containers.map((element) => ({ text: (element as HTMLElement).innerText, parent: containerOf(element) }));
    // Tooltips are read too: a user hovering the control sees them.
    for (const element of Array.from(document.querySelectorAll('[data-pr-tooltip], [title]')).filter(visible)) {
      const text = element.getAttribute('data-pr-tooltip') ?? element.getAttribute('title') ?? '';
      if (text.trim()) blocks.push({ text, parent: index.get(element) ?? containerOf(element) });
    }
    const controls = Array.from(document.querySelectorAll('button, a[href], [role=button], [role=menuitem]'))
      .filter(visible)
      .filter((element) => !(element as HTMLButtonElement).disabled && element.getAttribute('aria-disabled') !== 'true' && !element.closest('.p-disabled'))
      .map((element) => ({
        name: (element.getAttribute('aria-label') ?? ((element as HTMLElement).innerText.trim() || element.getAttribute('title') || '')).trim(),
        href: element instanceof HTMLAnchorElement ? element.href : null,
        block: containerOf(element),
      }));
    return { blocks, controls };
  });
  return { screen, ...read };
}

interface Walk {
  readings: ScreenReading[];
  stripeRequests: Array<{ url: string; pageUrl: string }>;
}

/**
 * Which screens to read: every one a new creator can open, or (on the configured server, where the
 * time goes to the comparison) those whose words depend on what the capabilities change.
 */
type WalkScope = 'every screen' | 'capability screens';

/** Sign up and open the tabs, pages and dialogs of the scope, reading each. */
async function walkScreens(page: Page, baseUrl: string, scope: WalkScope): Promise<Walk> {
  const every = scope === 'every screen';
  const readings: ScreenReading[] = [];
  const stripeRequests: Walk['stripeRequests'] = [];
  page.on('request', (request) => {
    if (STRIPE_JS.test(request.url())) stripeRequests.push({ url: request.url(), pageUrl: page.url() });
  });
  const read = async (screen: string) => readings.push(await readScreen(page, screen));
  const url = (path: string) => new URL(path, baseUrl).toString();
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  const rail = page.getByRole('navigation', { name: 'Sections' });
  const closeDialog = async (name: string | RegExp) => {
    const dialog = page.getByRole('dialog', { name });
    await dialog.getByRole('button', { name: /^(Close|Cancel|Decline|Later)$/ }).last().click();
    await expect(dialog).toBeHidden();
  };

  // Signed out: the welcome pitch, then sign up.
  await page.goto(url('/'));
  await expect(page.getByRole('button', { name: 'Sign Up Now' })).toBeVisible();
  await read('welcome (signed out)');
  await signUp(page, `walk_${Date.now().toString(36)}`);
  await read('first screen after sign-up');
  await expect(page.getByRole('button', { name: /^Token balance:/ })).toBeVisible();

  // The tabs of the left rail, and the upload tab.
  const railTabs = every ? ['Get started', 'Create', 'Master', 'Copyright Oracle', 'Vault', 'Distributions', 'Smart Contracts', 'Support', 'FAQ'] : ['Get started'];
  for (const label of railTabs) {
    const railButton = rail.getByRole('button', { name: label, exact: true });
    await railButton.click();
    // Read the tab once it shows, not the one it replaces (the switch may lag on a busy machine).
    await expect(railButton).toHaveAttribute('aria-current', 'page');
    await read(`${label} tab`);
  }
  await tabs.getByRole('menuitem', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/dashboard\/upload$/);
  await read('Upload tab');

  if (every) {
    // The account menu, and the analytics tab it opens.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await read('account menu');
    await page.getByRole('menuitem', { name: /Earnings/ }).click();
    await read('Earnings & Analytics tab');
  }

  // The pricing dialog, token history, and the checkout and subscribe pages it leads to.
  await page.getByRole('button', { name: 'Pricing plans', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Pricing plans' })).toBeVisible();
  await read('pricing dialog');
  await closeDialog('Pricing plans');
  if (every) {
    await page.getByRole('button', { name: /^Token balance:/ }).click();
    await expect(page.getByRole('dialog', { name: 'Token history' })).toBeVisible();
    await read('token history');
    await page.keyboard.press('Escape');
  }
  for (const path of ['/checkout?package=starter', '/checkout?package=xrp', '/subscribe?tier=gold']) {
    await page.goto(url(path));
    await read(path);
  }

  if (every) {
    // The developer tab, each of its tabs, and the terms a new key needs.
    await page.goto(url('/'));
    await page.getByRole('button', { name: 'Developer API' }).click();
    const developer = page.locator('section.developer-panel');
    for (const tab of await developer.getByRole('tab').all()) {
      await tab.click();
      await read(`Developer tab: ${(await tab.innerText()).trim()}`);
    }
    await developer.getByRole('button', { name: 'Documentation' }).click();
    await read('developer documentation');
    await page.keyboard.press('Escape');
    await developer.getByRole('button', { name: 'Create API Key' }).first().click();
    const createKey = page.getByRole('dialog', { name: 'Create API Key' });
    await createKey.getByLabel('Key name').fill('walk key');
    await createKey.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('dialog', { name: 'API Terms of Service' })).toBeVisible();
    await read('API terms of service');
    await closeDialog('API Terms of Service');
  }

  // One track through the oracle, then everything it opens: vault, certificate, contract, release.
  await page.goto(url('/'));
  await uploadMasterAndRegister(page, TITLE, 401);
  // The guided workflow's milestone of the registration.
  // Two milestones follow one another (signed, then stored in the vault): wait for the last.
  await expect(page.getByRole('dialog', { name: 'Task Completed' }).getByText('Your track is secured in your vault with its certificate.')).toBeVisible();
  await read('task completed dialog');
  await closeDialog('Task Completed');
  await read('Copyright Oracle tab with a registered track');
  await tabs.getByRole('menuitem', { name: 'Vault' }).click();
  const vaultCard = page.getByRole('article', { name: TITLE });
  await expect(vaultCard).toBeVisible();
  await read('Vault with a registered track');
  await vaultCard.getByRole('button', { name: 'Certificate' }).click();
  await expect(page.getByRole('dialog', { name: 'Copyright Certificate' }).getByRole('button', { name: 'View PDF' })).toBeEnabled();
  await read('certificate dialog');
  await closeDialog('Copyright Certificate');
  await vaultCard.getByRole('button', { name: 'Distribute' }).click();
  await expect(page.getByRole('dialog', { name: `Distribute "${TITLE}"` })).toBeVisible();
  await read('distribution dialog');
  await closeDialog(`Distribute "${TITLE}"`);
  await tabs.getByRole('menuitem', { name: 'Distributions' }).click();
  await read('Distributions tab with a registered track');

  await tabs.getByRole('menuitem', { name: 'Smart Contracts' }).click();
  const contracts = page.locator('section.smart-contracts-panel');
  await contracts.locator('.panel-header').getByRole('button', { name: 'Create Smart Contract' }).click();
  const create = page.getByRole('dialog', { name: 'Create Smart Contract' });
  await chooseOption(create, 'Content', new RegExp(`^${TITLE}`));
  await read('create contract dialog');
  await create.getByRole('button', { name: 'Create Smart Contract' }).click();
  // Created (signed and waiting for the ledger), or refused until the creator's XRP account can pay.
  const funding = page.getByRole('dialog', { name: 'XRP Funding Required' });
  await expect(funding.or(page.getByRole('article', { name: `Contract for ${TITLE}` }))).toBeVisible({ timeout: 30_000 });
  if (await funding.isVisible()) {
    await expect(funding.locator('.funding__address')).toBeVisible();
    await read('funding dialog');
    await closeDialog('XRP Funding Required');
    await closeDialog('Create Smart Contract');
  } else {
    await read('Smart Contracts tab with a contract');
    await page.getByRole('article', { name: `Contract for ${TITLE}` }).getByRole('button', { name: 'View Contract' }).click();
    await read('contract dialog');
    await closeDialog(new RegExp(`^Contract: ${TITLE}`));
  }
  if (every) {
    for (const tab of await contracts.getByRole('tab').all()) {
      await tab.click();
      await read(`Smart Contracts tab: ${(await tab.innerText()).trim()}`);
    }
  }

  // The pages of the rail: marketplace (and its offer dialog), notifications, settings, registry, proofs, verification, disputes.
  for (const tab of every ? ['browse', 'licenses', 'offers'] : ['offers']) {
    await page.goto(url(`/licensing-marketplace?tab=${tab}`));
    await read(`licensing marketplace (${tab})`);
  }
  await page.getByRole('button', { name: 'Offer a license' }).click();
  const offer = page.getByRole('dialog', { name: 'Offer a license' });
  await expect(offer).toBeVisible();
  await chooseOption(offer, 'Work', new RegExp(TITLE));
  await read('offer a license dialog');
  await closeDialog('Offer a license');
  if (every) {
    // The notifications page (the registered track's steps are on it) and the settings page, whose
    // e-mail and preference sections speak of mail.
    for (const path of ['/notifications', '/settings', '/rights-registry', '/proof-explorer', '/verify', '/dispute-management']) {
      await page.goto(url(path));
      await read(path);
    }
    await page.getByRole('button', { name: 'File New Dispute' }).click();
    await read('file a dispute dialog');
    await page.keyboard.press('Escape');
  }

  const [item] = (await (await page.request.get(url('/api/vault'))).json()) as Array<{ id: string; certificateId: string | null }>;
  expect(item?.certificateId, 'the walked track has a certificate').toBeTruthy();
  await page.goto(url(`/verify/${item!.certificateId}`));
  await expect(page.getByRole('heading', { name: 'Certificate verification' })).toBeVisible();
  await read('certificate verification page');
  if (every) {
    await page.goto(url(`/tracks/${item!.id}/history`));
    await read('track history');
  }
  return { readings, stripeRequests };
}

/** Every false claim of the walk, once per wording with the screens it is on, plus Stripe.js loaded while card payments are off. */
function falseClaims(walk: Walk, report: CapabilityReport): string[] {
  const screensOf = new Map<string, string[]>();
  for (const reading of walk.readings) {
    for (const offence of offences(reading, report)) {
      const key = `${offence.words} — ${offence.says}`;
      const screens = screensOf.get(key) ?? [];
      if (!screens.includes(offence.screen)) screens.push(offence.screen);
      screensOf.set(key, screens);
    }
  }
  const lines = [...screensOf].map(([claim, screens]) => `${screens.length > 3 ? `${screens.slice(0, 3).join(', ')} and ${screens.length - 3} more screens` : screens.join(', ')}: ${claim}`);
  if (!report['card-payments'].available) {
    const pages = [...new Set(walk.stripeRequests.map((request) => new URL(request.pageUrl).pathname))];
    if (pages.length > 0) lines.push(`Stripe.js requested while card-payments is off, on ${pages.join(', ')}`);
  }
  return lines;
}

/** Where the walk shows the claims the table allows only while the capability is on (or off). */
function claimsShown(walk: Walk, report: CapabilityReport, id: CapabilityId, when: 'on' | 'off'): string[] {
  const rules = capabilityRules(report).find((entry) => entry.id === id)!;
  const claims = when === 'on' ? rules.onlyWhenOn : rules.onlyWhenOff;
  return walk.readings.flatMap((reading) => claims.flatMap((claim) => findClaim(reading, claim).map((words) => `${reading.screen}: ${words}`)));
}

function availability(report: CapabilityReport, ids: CapabilityId[]): Record<string, boolean> {
  return Object.fromEntries(ids.map((id) => [id, report[id].available]));
}

interface ConfiguredServer {
  platform: PlatformProcess;
  stripe: StripeMock;
  rippled: RippledStandIn;
}

/** Card payments against stripe-mock, a ledger (the rippled stand-in, the platform's account funded on it) and an XRP price. */
async function startConfiguredServer(): Promise<ConfiguredServer> {
  const platformAccount = Wallet.generate();
  const [stripe, rippled] = await Promise.all([startStripeMock(stripeMockBinary()!), startRippledStandIn()]);
  rippled.fundAccount(platformAccount.classicAddress);
  try {
    const platform = await startPlatformProcess({
      port: await freePort(),
      baseEnv: bareEnvironment(),
      env: {
        STRIPE_SECRET_KEY: 'sk_test_goose_walk',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_goose_walk',
        STRIPE_API_URL: stripe.url,
        XRPL_URL: rippled.url,
        XRPL_SEED: platformAccount.seed!,
        XRP_USD_RATE: '2.5',
      },
    });
    return { platform, stripe, rippled };
  } catch (error) {
    await Promise.all([stripe.stop(), rippled.close()]);
    throw error;
  }
}

const BARE_CAPABILITIES = { 'card-payments': false, 'ledger-submission': false, 'contract-anchors': false, 'xrp-deposits': false, 'delivery-partner': false, distribution: true };
const CONFIGURED_CAPABILITIES = { 'card-payments': true, 'ledger-submission': true, 'contract-anchors': true, 'xrp-deposits': true, 'delivery-partner': false, distribution: true };

// One test walks both servers at once, so both are read and reported even when the first finds a
// false claim. The configured server starts once the bare one answers: each starts its own
// Temporal, which takes the CLI's usual port when it is free, so one at a time.
test('every screen says only what its server can do: on a zero-configuration server, and with card payments and a ledger (that walk needs stripe-mock)', async ({ page, browser }) => {
  test.setTimeout(420_000);
  const withStripeMock = stripeMockBinary() !== null;
  const bare = freePort().then((port) => startPlatformProcess({ port, baseEnv: bareEnvironment() }));
  const configured = withStripeMock ? bare.then(startConfiguredServer) : null;
  const configuredContext = await browser.newContext();
  try {
    const bareWalk = bare.then(async (server) => {
      const report = await capabilitiesOf(server.baseUrl);
      expect(availability(report, Object.keys(BARE_CAPABILITIES) as CapabilityId[])).toEqual(BARE_CAPABILITIES);
      return { report, walk: await walkScreens(page, server.baseUrl, 'every screen') };
    });
    const configuredWalk = configured?.then(async ({ platform }) => {
      const report = await capabilitiesOf(platform.baseUrl);
      expect(availability(report, Object.keys(CONFIGURED_CAPABILITIES) as CapabilityId[])).toEqual(CONFIGURED_CAPABILITIES);
      return { report, walk: await walkScreens(await configuredContext.newPage(), platform.baseUrl, 'capability screens') };
    });
    const [bareResult, configuredResult] = await Promise.allSettled([bareWalk, configuredWalk ?? Promise.resolve(null)]);

    if (bareResult.status === 'rejected') throw bareResult.reason;
    const { report: bareReport, walk: bareScreens } = bareResult.value;
    expect.soft(falseClaims(bareScreens, bareReport), 'false claims on the zero-configuration server').toEqual([]);
    // What is off is said to be off where it matters: registrations reach no ledger, and cards are not taken.
    expect.soft(claimsShown(bareScreens, bareReport, 'ledger-submission', 'off'), 'a screen says registrations reach no ledger').not.toEqual([]);
    expect.soft(claimsShown(bareScreens, bareReport, 'card-payments', 'off'), 'a screen says cards are not taken').not.toEqual([]);

    if (configuredResult.status === 'rejected') throw configuredResult.reason;
    if (configuredResult.value === null) {
      test.info().annotations.push({ type: 'skipped', description: 'the walk with card payments and a ledger: stripe-mock is not installed (go install github.com/stripe/stripe-mock@v0.203.0)' });
      return;
    }
    const { report, walk } = configuredResult.value;
    expect.soft(falseClaims(walk, report), 'false claims on the server with card payments and a ledger').toEqual([]);
    // The words changed with the report: the card path is offered, and the registration is on the ledger.
    expect.soft(claimsShown(walk, report, 'card-payments', 'on'), 'a screen offers card payment').not.toEqual([]);
    expect.soft(claimsShown(walk, report, 'ledger-submission', 'on'), 'a screen shows the registration on the ledger').not.toEqual([]);
    expect((await configured!).rippled.received.length, 'transactions the ledger received').toBeGreaterThan(0);
  } finally {
    await configuredContext.close();
    await Promise.all([
      bare.then((server) => server.stop(), () => undefined),
      // The app first, while the ledger and Stripe it talks to still answer its shutdown.
      configured?.then(async ({ platform, stripe, rippled }) => {
        await platform.stop();
        await Promise.all([stripe.stop(), rippled.close()]);
      }, () => undefined),
    ]);
  }
});
