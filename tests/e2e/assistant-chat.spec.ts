// The assistant chat drives the real product: a signed-in creator drops a real WAV on the chat and
// watches its real intake steps, oracle stages and verdict arrive from the server; a file of
// another type is refused in the spec's words; "check it" and "master it warm at -9" ask first with
// the server's price, and once confirmed the track really changes (a second check's verdict, a
// master with its measured loudness, the tokens charged), and "register it" shows the server's
// refusal until the new master is checked, then registers it. Minimise keeps the conversation, close
// ends it, Escape closes the panel, and at 390 px the panel is the screen. The support agent's
// answers through the chat are tried in support-journey.spec.ts.
import { expect, test } from './fixtures';
import type { Locator } from '@playwright/test';
import { sineWav } from '../support/audio';
import { dropFile } from './drop-file';
import { expectNoSidewaysScroll } from './layout';
import { signUp } from './sign-up';

const agentSays = (log: Locator, text: string | RegExp) => log.getByRole('listitem').filter({ hasText: text });

test('drop a WAV on the chat, watch its real check, then check and master it by typing, each price confirmed first', async ({ page }) => {
  // The guided workflow's own Task Completed dialog waits while the chat's panel is open (the chat
  // tells the same steps) and shows once it is minimised; the journey answers it with Later then.
  const taskCompleted = page.getByRole('dialog', { name: 'Task Completed' });
  await page.addLocatorHandler(taskCompleted, () => taskCompleted.getByRole('button', { name: 'Later' }).click());
  await page.goto('/');
  await signUp(page, `chat_${Date.now().toString(36)}`);
  const pricing = (await (await page.request.get('/api/goose-tokens/pricing')).json()) as { pricing: Record<string, number> };
  const masteringPrice = pricing.pricing['professional-mastering']!;

  await page.getByRole('button', { name: 'Open the GOOSE assistant' }).click();
  const chat = page.getByRole('dialog', { name: 'GOOSE assistant' });
  await expect(chat.getByRole('button', { name: 'Talk to a person' })).toBeVisible();
  await expect(chat.getByLabel('Message')).toBeFocused();
  const log = chat.getByRole('log', { name: 'Conversation' });

  // An empty message is ignored: Send stays off.
  await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled();

  // Another type is refused in the spec's words, and nothing is uploaded.
  await dropFile(page, chat, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not audio') });
  await expect(agentSays(log, 'Invalid File Type: Please upload an MP3, MP4, WAV, or FLAC file.')).toHaveCount(1);

  // A real WAV: uploaded through the Upload tab's route, then intake, the oracle's stages and its verdict, as the server records them.
  await dropFile(page, chat, { name: 'harbour_lights.wav', mimeType: 'audio/wav', buffer: sineWav({ seconds: 6, frequency: 330 }) });
  await expect(agentSays(log, 'Uploaded harbour_lights.wav; its track workflow has started.')).toHaveCount(1, { timeout: 30_000 });
  await expect(agentSays(log, 'Read the audio: 0:06, WAV')).toHaveCount(1, { timeout: 60_000 });
  await expect(agentSays(log, 'running the copyright check on “harbour lights”')).toHaveCount(1);
  await expect(agentSays(log, 'Copyright check: Audio Fingerprinting done')).toHaveCount(1, { timeout: 60_000 });
  await expect(agentSays(log, 'Copyright check: Clearance Assessment done')).toHaveCount(1, { timeout: 60_000 });
  await expect(agentSays(log, /Copyright check: No match among [\d,]+ GOOSE works? .*\([\d,]+ records scanned/)).toHaveCount(1, { timeout: 60_000 });
  const labels = await log.locator('.chat-message__from').allTextContents();
  expect(new Set(labels)).toEqual(new Set(['You', 'GOOSE AI Agent']));

  // Minimised, the conversation stays; the launcher says what arrived meanwhile.
  await chat.getByRole('button', { name: 'Minimise the assistant (keeps the conversation)' }).click();
  await expect(chat).toBeHidden();
  await page.getByRole('button', { name: /^Open the GOOSE assistant/ }).click();
  await expect(agentSays(log, 'Uploaded harbour_lights.wav')).toHaveCount(1);

  const say = async (text: string) => {
    await chat.getByLabel('Message').fill(text);
    await chat.getByRole('button', { name: 'Send' }).click();
  };

  // "check it": the price first (the check costs nothing), then a second real check and its verdict.
  await say('check it');
  const checkQuestion = agentSays(log, 'Run the copyright check on “harbour lights”? It costs no tokens.');
  await expect(checkQuestion).toHaveCount(1);
  await checkQuestion.getByRole('button', { name: 'Confirm' }).click();
  await expect(agentSays(log, /Copyright check: No match among/)).toHaveCount(2, { timeout: 60_000 });

  // What the engine does not offer is refused with what it does.
  await say('master it warm at -12');
  await expect(agentSays(log, 'The mastering engine does not master to −12 LUFS. It offers −14 LUFS (low), −9 LUFS (medium), −6 LUFS (high).')).toHaveCount(1);

  // "master it warm at -9": the server's price, asked first; confirmed, the real master and its charge.
  const balance = page.getByRole('button', { name: /^Token balance: / });
  const before = Number((await balance.getAttribute('aria-label'))!.match(/([\d.]+) tokens/)![1]);
  await say('master it warm at -9');
  const masterQuestion = agentSays(log, `Master “harbour lights” Warm at −9 LUFS for ${masteringPrice} tokens?`);
  await expect(masterQuestion).toHaveCount(1);
  await masterQuestion.getByRole('button', { name: 'Confirm' }).click();
  await expect(agentSays(log, 'Mastering “harbour lights” has started; its steps follow here.')).toHaveCount(1, { timeout: 30_000 });
  await expect(agentSays(log, 'Mastering: limiting done')).toHaveCount(1, { timeout: 60_000 });
  await expect(agentSays(log, /Mastered: -?\d+\.\d LUFS, -?\d+\.\d dBTP true peak/)).toHaveCount(1, { timeout: 60_000 });
  await expect(balance).toHaveAttribute('aria-label', `Token balance: ${(before - masteringPrice).toFixed(2)} tokens`, { timeout: 30_000 });
  const vault = (await (await page.request.get('/api/vault')).json()) as { title: string; landrMasterStyle: string | null; landrMasterLoudness: string | null }[];
  expect(vault.find((item) => item.title === 'harbour lights')).toMatchObject({ landrMasterStyle: 'warm', landrMasterLoudness: 'medium' });

  // "register it" asks with the list's price; the server's refusal is shown as it words it (the new
  // master has not been checked), and after another check the registration goes through.
  const register = async (times: number) => {
    await say('register it');
    const question = agentSays(log, `Register “harbour lights”? Registration costs ${pricing.pricing['copyright-registration']} tokens, charged when it succeeds`);
    await expect(question).toHaveCount(times);
    await question.last().getByRole('button', { name: 'Confirm' }).click();
  };
  await register(1);
  await expect(agentSays(log, 'Run the copyright check first')).toHaveCount(1, { timeout: 30_000 });
  await say('check it');
  await agentSays(log, 'Run the copyright check on “harbour lights”?').last().getByRole('button', { name: 'Confirm' }).click();
  await expect(agentSays(log, /Copyright check: No match among/)).toHaveCount(3, { timeout: 60_000 });
  await register(2);
  await expect(agentSays(log, 'Registration: Signed, awaiting ledger submission')).toHaveCount(1, { timeout: 60_000 });

  // "make a contract" states the deploy price (or why this server records none) and does nothing until confirmed.
  await say('make a contract');
  const contractQuestion = agentSays(log, 'Create the standard royalty contract for “harbour lights” (you 85%, the platform 15%)?');
  await expect(contractQuestion).toHaveCount(1);
  await contractQuestion.getByRole('button', { name: 'Cancel' }).click();
  await expect(contractQuestion.getByText('Cancelled.')).toBeVisible();

  // A command's tab is one click away, and "go to" moves there.
  await say('go to mastering');
  await expect(page).toHaveURL(/\/dashboard\/mastering$/);
  await expectNoSidewaysScroll(page);

  // Escape closes the panel, keeping the conversation; close ends it.
  await chat.getByLabel('Message').focus();
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(page.getByRole('button', { name: /^Open the GOOSE assistant/ })).toBeFocused();
  await page.getByRole('button', { name: /^Open the GOOSE assistant/ }).click();
  await expect(agentSays(log, 'Uploaded harbour_lights.wav')).toHaveCount(1);
  await chat.getByRole('button', { name: 'Close the assistant and end the conversation' }).click();
  await page.getByRole('button', { name: 'Open the GOOSE assistant' }).click();
  await expect(log.getByRole('listitem')).toHaveCount(0);

  // At a phone's width the panel is the screen, and nothing in it runs off sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect
    .poll(async () => {
      const box = await chat.boundingBox();
      return box && { x: box.x, y: box.y, width: Math.round(box.width), height: Math.round(box.height) };
    })
    .toEqual({ x: 0, y: 0, width: 390, height: 800 });
  expect(await chat.evaluate((panel) => panel.scrollWidth - panel.clientWidth)).toBeLessThanOrEqual(0);
});
