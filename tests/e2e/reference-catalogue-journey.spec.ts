// The reference catalogue journey: a creator granted the rights_holder role (through the operators'
// CLI) finds the Reference catalogue in the rail, delivers two recordings with a CSV that names a bad
// territory and is told the row and the field, delivers them again with the CSV fixed, watches the
// delivery finish live with each file's result. Another creator uploads a copy of one reference: the
// check holds it, naming the reference's title and holder (never its files), and the holder, told
// in the app, releases the hold from "Holds on your references", after which the creator registers
// the track. The holder finds a reference by ISRC and removes it. A creator without the role is
// told the page is for rights holders. No sideways scroll at 1440 or 390 px.
import { encodeWav, music } from '../../infra/audio/test-signals';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { opsCommand } from './ops-command';
import { signUp } from './sign-up';

const csv = (territories: string) =>
  Buffer.from(`file,title,artist,isrc,owner,territories\ndawn.wav,Dawn Chorus,Ana Lima,GB-LIM-26-00071,Lima Records,${territories}\ndusk.wav,Dusk Chorus,Ana Lima,GBLIM2600072,Lima Records,worldwide\n`);

test('a rights holder delivers reference recordings, follows the delivery live, releases the hold on a copy, and removes a reference', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const holder = `label_${Date.now().toString(36)}`;
  await page.goto('/');
  await signUp(page, holder);

  await page.goto('/references');
  await expect(page.getByText('The reference catalogue is for rights holders')).toBeVisible();

  await opsCommand(baseURL!, ['grant-role', holder, 'rights_holder']);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reference catalogue' }).click();
  await expect(page).toHaveURL(/\/references$/);
  await expect(page.getByRole('heading', { name: 'Reference catalogue' })).toBeVisible();

  const dawn = encodeWav(music({ seconds: 6, seed: 171, level: -9 }), 44_100, 2);
  const recordings = [
    { name: 'dawn.wav', mimeType: 'audio/wav', buffer: dawn },
    { name: 'dusk.wav', mimeType: 'audio/wav', buffer: encodeWav(music({ seconds: 6, seed: 172, level: -9 }), 44_100, 2) },
  ];
  const deliver = async (territories: string) => {
    await page.getByLabel('Audio files').setInputFiles(recordings);
    await page.getByLabel('CSV of metadata').setInputFiles({ name: 'metadata.csv', mimeType: 'text/csv', buffer: csv(territories) });
    await page.getByRole('button', { name: 'Deliver 2 files' }).click();
  };
  await deliver('GB;UK');
  await expect(page.getByText('CSV row 1 (line 2), territories: "UK" is not an ISO 3166 country code (or "worldwide")')).toBeVisible();

  await deliver('GB;IE');
  const deliveries = page.getByRole('list', { name: 'Your deliveries' });
  await expect(deliveries.getByText('Finished: 2 of 2 indexed')).toBeVisible({ timeout: 60_000 });
  await deliveries.getByRole('button', { name: 'Show each file' }).click();
  const files = page.getByRole('list', { name: 'Files of this delivery' });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(files.getByText('Indexed')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'the reference catalogue');
  await expectNoSidewaysScroll(page);

  // Another creator uploads a copy of Dawn Chorus: held, the reference named by title and holder.
  const creatorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const creator = await creatorContext.newPage();
  await creator.goto('/');
  await signUp(creator, `dawn_${holder}`);
  const tabs = creator.getByRole('menubar', { name: 'Dashboard tabs' });
  await tabs.getByRole('menuitem', { name: 'Upload' }).click();
  const chooser = creator.waitForEvent('filechooser');
  await creator.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'morning.wav', mimeType: 'audio/wav', buffer: dawn });
  await creator.getByLabel('Title').fill('Morning Song');
  await creator.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(creator.getByText('Upload successful', { exact: true })).toBeVisible();
  await tabs.getByRole('menuitem', { name: 'Copyright Oracle' }).click();
  const card = creator.getByRole('article', { name: 'Morning Song' });
  await card.getByRole('button', { name: 'Start Mastering' }).click({ timeout: 60_000 });
  await expect(card).toHaveAttribute('data-workflow-status', 'mastered', { timeout: 60_000 });
  await card.getByRole('button', { name: 'Register Copyright' }).click();
  await expect(card).toHaveAttribute('data-workflow-status', 'held', { timeout: 60_000 });
  await expect(card.getByText(`“Dawn Chorus”, a reference recording of ${holder}`).first()).toBeVisible();
  await expect(card.getByText('dawn.wav')).toHaveCount(0);

  // The holder is told, and releases the hold; the creator may then register the track.
  await page.goto('/notifications');
  await expect(page.getByText('An upload matching “Dawn Chorus” is held')).toBeVisible();
  await page.getByText('Review the hold').click();
  await expect(page).toHaveURL(/\/references\/holds$/);
  const hold = page.getByRole('list', { name: 'Held uploads' }).getByRole('listitem').filter({ hasText: 'Morning Song' });
  await expect(hold.getByText(`Uploaded by dawn_${holder}`)).toBeVisible();
  await expect(hold.getByRole('list', { name: 'What “Morning Song” matches' })).toContainText('Dawn Chorus');
  await expectNoSeriousA11yViolations(page, 'the holds on your references');
  await hold.getByRole('button', { name: 'Release the hold' }).click();
  await expect(hold.getByText(/Released by you|Decided: the upload stands/)).toBeVisible();
  await expect(card).not.toHaveAttribute('data-workflow-status', 'held', { timeout: 60_000 });
  await card.getByRole('button', { name: 'Register Copyright' }).click();
  await expect(card).toHaveAttribute('data-workflow-status', 'registered', { timeout: 60_000 });
  await creatorContext.close();

  await page.goto('/references');

  const references = page.getByRole('list', { name: 'Your references' });
  await expect(references.getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Search your references by title or ISRC').fill('GBLIM2600072');
  await expect(references.getByRole('listitem')).toHaveCount(1);
  await references.getByRole('button', { name: 'Remove Dusk Chorus' }).click();
  await references.getByRole('button', { name: 'Remove Dusk Chorus for good' }).click();
  await expect(page.getByText('No reference matches this search.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Search your references by title or ISRC').fill('');
  await expect(references.getByRole('listitem')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
});
