// A new creator's song from the studio to its certificate, every step a creator takes with it: sign-up lands on Get
// started, which opens the studio; a description with three styles, sung, rendered live on this server; played; its stems and
// MIDI downloaded; extended by 30 s and its bridge composed again (both new songs, made side by side
// on the render pool); then mastered, checked and registered, and its certificate says how it was
// made. 65 s is the shortest duration the form allows whose plan has a bridge (two minute-segments:
// domain/creation/plan.ts). Three generations (30), a master (5) and a registration (25) cost more than
// the 50 welcome tokens, so a Premium package (34.99) is paid first, as a Stripe-signed webhook; the
// balance then stays above the low-token popup's threshold.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import Stripe from 'stripe';
import { E2E_STRIPE_WEBHOOK_SECRET } from './e2e-env';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './sign-up';

const PROMPT = 'Harbour lanterns guiding the night ferry home';
/** The song's title: the first words of its description (projections/generated-music). */
const TITLE = PROMPT.split(' ').slice(0, 6).join(' ');
const STYLES = ['Synthwave', 'Acoustic', 'Cinematic'];

async function payForPremium(page: Page): Promise<void> {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
  const payload = JSON.stringify({
    id: `evt_e2e_creation_${Date.now()}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `pi_e2e_creation_${Date.now()}`, object: 'payment_intent', amount: 3499, amount_received: 3499, currency: 'usd', status: 'succeeded', metadata: { userId: me.id, packageId: 'premium', purpose: 'token_package' } } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE_WEBHOOK_SECRET });
  const delivered = await page.request.post('/api/webhooks/stripe', { data: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  expect(delivered.status()).toBe(200);
}

/** Clicks a download button; answers the file's response (the studio fetches it, then saves it through a blob link) and the saved file. */
async function download(page: Page, card: Locator, label: string) {
  const [response, saved] = await Promise.all([
    page.waitForResponse((answer) => answer.url().includes('/api/generated-music/') && answer.url().includes('/files/') && answer.request().method() === 'GET'),
    page.waitForEvent('download'),
    card.getByRole('group', { name: `Downloads of ${TITLE}` }).getByRole('button', { name: label, exact: true }).click(),
  ]);
  expect(response.status(), `${label}: status`).toBe(200);
  return { response, fileName: saved.suggestedFilename(), bytes: await readFile(await saved.path()) };
}

/** Waits for a song card to finish; a failed render ends the journey at once with the studio's words for why. */
async function expectSongMade(song: Locator, timeout: number): Promise<void> {
  await expect(song).toHaveAttribute('data-status', /^(completed|failed)$/, { timeout });
  expect(await song.getAttribute('data-status'), await song.innerText()).toBe('completed');
}

test('describe a song, watch it render, play, download, extend, replace its bridge, master, check, register and read its provenance', async ({ page }) => {
  // Generous waits: on a shared 2-core machine the renders queue behind other work; idle, the whole
  // journey takes well under these.
  test.setTimeout(600_000);
  const username = `maker_${Date.now().toString(36)}`;
  const balance = page.getByRole('button', { name: /^Token balance:/ });
  const tabs = page.getByRole('menubar', { name: 'Dashboard tabs' });
  await page.goto('/');
  await signUp(page, username);

  // A first-time creator lands on Get started, which offers the studio on a server that can make songs, at the catalogue's price.
  const getStarted = page.getByRole('list', { name: 'Get started steps' });
  const { pricing } = (await (await page.request.get('/api/goose-tokens/pricing')).json()) as { pricing: Record<string, number> };
  await expect(getStarted.locator('[data-cost="add"]')).toHaveText(`Uploading is free; a song made with AI costs ${pricing['ai-music-generation']} tokens`);
  await getStarted.getByRole('button', { name: 'Create a song' }).click();
  await expect(page.getByRole('heading', { name: 'AI Music Creation Studio' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Create', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(balance).toHaveAccessibleName('Token balance: 50.00 tokens');
  await payForPremium(page);
  await expect(balance).toHaveAccessibleName('Token balance: 84.99 tokens');

  // The request: a description, three styles, sung, 65 s.
  const form = page.getByRole('form', { name: 'Create a song' });
  await form.getByLabel('Description').fill(PROMPT);
  await form.getByRole('button', { name: 'Persona' }).click();
  await expect(form.getByText(/^Written for a singer/)).toBeVisible();
  const styles = form.getByRole('group', { name: 'Styles' });
  for (const style of STYLES) await styles.getByRole('button', { name: style, exact: true }).click();
  await expect(styles.getByText('Up to 3: 3 chosen')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the creation studio form');
  await form.getByRole('button', { name: 'Advanced options' }).click();
  await expect(form.getByLabel('Include vocals')).toBeChecked();
  const duration = form.getByRole('slider', { name: /^Duration:/ });
  await duration.focus();
  await duration.press('ArrowRight');
  await expect(duration).toHaveAccessibleName('Duration: 1:05');
  await form.getByRole('button', { name: 'Create', exact: true }).click();

  // Live: the card shows a stage in words with its progress, then completes; 10 tokens charged.
  const songs = page.getByRole('article', { name: TITLE });
  const song = songs.last();
  await expect(song.getByText(/^\S.* · \d+%$/)).toBeVisible();
  await expectSongMade(song, 180_000);
  await expect(balance).toHaveAccessibleName('Token balance: 74.99 tokens');
  await expect(song.getByText('1:05', { exact: false }).first()).toBeVisible();
  // The studio says the song is made (the Task Completed panel): checked with the panel in place.
  await expect(page.getByRole('dialog', { name: 'Task Completed' })).toContainText('Your AI track has been created.');
  await expectNoSeriousA11yViolations(page, 'a generated song\'s card');

  // Play: the MP3 answers with audio and the player's clock moves.
  const [media] = await Promise.all([
    page.waitForResponse((answer) => /\/files\/[^?]*\.mp3/.test(answer.url()) && answer.request().resourceType() === 'media'),
    song.getByRole('group', { name: `Audio of ${TITLE}` }).getByRole('button', { name: 'Play' }).click(),
  ]);
  expect([200, 206]).toContain(media.status());
  expect(media.headers()['content-type']).toBe('audio/mpeg');
  await expect.poll(() => song.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
  await song.getByRole('group', { name: `Audio of ${TITLE}` }).getByRole('button', { name: 'Pause' }).click();

  // The MIDI and every stem, as files.
  const midi = await download(page, song, 'MIDI');
  expect(midi.response.headers()['content-type']).toBe('audio/midi');
  expect(midi.bytes.subarray(0, 4).toString('latin1')).toBe('MThd');
  expect(midi.fileName).toBe(`${TITLE}.mid`);
  const stemButtons = song.getByRole('group', { name: `Downloads of ${TITLE}` }).getByRole('button', { name: /^Stem: / });
  const stemNames = (await stemButtons.allInnerTexts()).map((text) => text.trim());
  expect(stemNames.length).toBeGreaterThanOrEqual(3);
  expect(stemNames).toContain('Stem: Vocals');
  for (const stem of stemNames) {
    const file = await download(page, song, stem);
    expect(file.response.headers()['content-type']).toBe('audio/wav');
    expect(file.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(file.fileName).toMatch(/\.wav$/);
  }

  // Extended by 30 s, and the bridge composed again: two new songs, rendered side by side.
  const newSongs = song.getByRole('group', { name: `New songs from ${TITLE}` });
  await newSongs.getByRole('button', { name: 'Extend by 30 s' }).click();
  await expect(songs).toHaveCount(2);
  await newSongs.locator('.p-dropdown').click();
  await page.getByRole('option', { name: /^Bridge/ }).and(page.locator('li')).click();
  await newSongs.getByRole('button', { name: 'Replace section' }).click();
  await expect(songs).toHaveCount(3);
  // Newest first: the new bridge, then the extension, then the song itself.
  const extended = songs.nth(1);
  const rebridged = songs.nth(0);
  await expectSongMade(extended, 240_000);
  await expectSongMade(rebridged, 240_000);
  await expect(extended.getByText(/ · 1:35$/)).toBeVisible();
  await expect(rebridged.getByText(/ · 1:05$/)).toBeVisible();
  await expect(balance).toHaveAccessibleName('Token balance: 54.99 tokens');

  // Mastered from its card, which opens the mastering studio with the track chosen.
  await song.getByRole('group', { name: `Next steps for ${TITLE}` }).getByRole('button', { name: 'Master' }).click();
  await page.getByRole('region', { name: 'Mastering controls' }).getByRole('button', { name: 'Master Track' }).click();
  await expect(page.getByRole('region', { name: 'Original, preview and master' }).getByRole('button', { name: 'Download Master' })).toBeVisible({ timeout: 60_000 });
  await expect(balance).toHaveAccessibleName('Token balance: 49.99 tokens');

  // Checked and registered from the Copyright Oracle, as any upload is.
  await tabs.getByRole('menuitem', { name: 'Create' }).click();
  await song.getByRole('group', { name: `Next steps for ${TITLE}` }).getByRole('button', { name: 'Register' }).click();
  const mastered = page.locator('article.workflow-card[data-workflow-status="mastered"]');
  await expect(mastered).toHaveAccessibleName(TITLE);
  await mastered.getByRole('button', { name: 'Register Copyright' }).click();
  await expect(page.locator('article.workflow-card[data-workflow-status="registered"]')).toHaveAccessibleName(TITLE, { timeout: 60_000 });
  await expect(balance).toHaveAccessibleName('Token balance: 24.99 tokens');

  // Its certificate says it was generated, by what, from which request.
  // The guided workflow's milestones (signed, then stored in the vault) follow one another: put away the last.
  const taskCompleted = page.getByRole('dialog', { name: 'Task Completed' });
  await expect(taskCompleted.getByText('Your track is secured in your vault with its certificate.')).toBeVisible();
  await taskCompleted.getByRole('button', { name: 'Later' }).click();
  await expect(taskCompleted).toBeHidden();
  await tabs.getByRole('menuitem', { name: 'Vault' }).click();
  const registered = page.getByRole('article', { name: TITLE }).filter({ has: page.getByRole('button', { name: 'Certificate' }) });
  await registered.getByRole('button', { name: 'Certificate' }).click();
  const certificate = page.getByRole('dialog', { name: 'Copyright Certificate' });
  const made = certificate.getByRole('region', { name: 'How this work was made' });
  await expect(made).toContainText(/generated/i);
  await expect(made.locator('.fact').filter({ hasText: 'Generated by' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Copyright Certificate dialog of a generated song');
  await expect(made.locator('.fact').filter({ hasText: 'Request hash' }).locator('code')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(made.locator('.fact').filter({ hasText: /^Request/ }).first()).toContainText(PROMPT);
  await expect(made.locator('.fact').filter({ hasText: 'Styles' })).toContainText(STYLES.join(', '));
});
