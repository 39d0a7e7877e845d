// A developer's first key: they create a key in the Developer tab, accept the API terms,
// copy the key (shown once), call the v1 oracle with it from a script — no session, only the
// X-API-Key header — and watch the call appear in their usage while the page is open. Deleting the
// key stops the script's next call at once.
import { encodeWav, music } from '../../infra/audio/test-signals';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './sign-up';

const KEY_NAME = 'Journey key';

/** What a developer's script does: one multipart POST with the key, no cookie. */
async function analyseWithKey(origin: string, apiKey: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  const audio = encodeWav(music({ seconds: 8, seed: 1717, level: -9 }), 44_100, 2);
  form.append('file', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'script-take.wav');
  form.append('metadata', JSON.stringify({ source: 'journey script' }));
  const answer = await fetch(new URL('/api/v1/oracle/analyze', origin), { method: 'POST', headers: { 'X-API-Key': apiKey }, body: form });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

test('a developer creates a key, accepts the terms, copies it, calls the v1 oracle from a script and watches the usage appear', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await signUp(page, `dev_${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Developer API' }).click();

  // The name is required, then the terms must be accepted before the key exists.
  await page.getByRole('button', { name: 'Create API Key' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create API Key' });
  await create.getByRole('button', { name: 'Continue' }).click();
  await expect(create.getByText('Please enter a key name')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Create API Key dialog');
  await create.getByLabel('Key name').fill(KEY_NAME);
  await create.getByRole('button', { name: 'Continue' }).click();
  const terms = page.getByRole('dialog', { name: 'API Terms of Service' });
  await expect(terms).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the API Terms of Service dialog');
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('API Key Created').first()).toBeVisible();

  // Shown once, in full, with Copy: the clipboard then holds the key.
  const reveal = page.getByRole('region', { name: `New API key ${KEY_NAME}` });
  await reveal.getByRole('button', { name: 'Copy' }).click();
  await expect(reveal.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the new key shown once');
  const apiKey = await page.evaluate(() => navigator.clipboard.readText());
  expect(apiKey).toMatch(/^gk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  // The list never carries the secret: only the prefix.
  const listed = (await (await page.request.get('/api/developer/keys')).json()) as { keys: { keyValue: string }[] };
  expect(listed.keys.map((k) => k.keyValue)).toEqual([`${apiKey.split('_').slice(0, 2).join('_')}…`]);

  // The script: the real oracle on an uploaded recording, on the free tier (nothing charged).
  const origin = new URL(page.url()).origin;
  const analysed = await analyseWithKey(origin, apiKey);
  expect(analysed.status).toBe(200);
  const analysis = analysed.body.analysis as { status: string; clearanceScore: number; audioFingerprint: string };
  expect(['cleared', 'conflict', 'needs_review']).toContain(analysis.status);
  expect(analysis.clearanceScore).toBeGreaterThanOrEqual(0);
  expect(analysis.audioFingerprint).toMatch(/^gfp1-/);
  expect(analysed.body.charged).toEqual({ cents: 0 });

  // The call appears while the page is open: the recent calls and the key's monthly bar.
  await page.getByRole('tab', { name: 'Usage' }).click();
  const row = page.getByRole('row').filter({ hasText: '/api/v1/oracle/analyze' });
  await expect(row).toContainText('POST');
  await expect(row).toContainText('200');
  await expect(row).toContainText(KEY_NAME);
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await expect(page.getByRole('progressbar', { name: `Monthly usage of ${KEY_NAME}` })).toHaveAttribute('aria-valuenow', '1');

  // Deleted in the tab: the script's next call is refused at once.
  await page.getByRole('button', { name: `Delete ${KEY_NAME}` }).click();
  await page.getByRole('dialog', { name: 'Delete this API key?' }).getByRole('button', { name: 'Delete key' }).click();
  await expect(page.getByText('API Key Deleted').first()).toBeVisible();
  const refused = await analyseWithKey(origin, apiKey);
  expect(refused).toEqual({ status: 401, body: { error: 'This API key was deleted' } });
});
