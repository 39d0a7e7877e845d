// The reference catalogue journey: a creator granted the rights_holder role (through the operators'
// CLI) finds the Reference catalogue in the rail, delivers two recordings with a CSV that names a bad
// territory and is told the row and the field, delivers them again with the CSV fixed, watches the
// delivery finish live with each file's result, finds a reference by ISRC and removes it. A creator
// without the role is told the page is for rights holders. No sideways scroll at 1440 or 390 px.
import { encodeWav, music } from '../../infra/audio/test-signals';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { opsCommand } from './ops-command';
import { signUp } from './sign-up';

const csv = (territories: string) =>
  Buffer.from(`file,title,artist,isrc,owner,territories\ndawn.wav,Dawn Chorus,Ana Lima,GB-LIM-26-00071,Lima Records,${territories}\ndusk.wav,Dusk Chorus,Ana Lima,GBLIM2600072,Lima Records,worldwide\n`);

test('a rights holder delivers reference recordings, follows the delivery live, and removes a reference', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
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

  const recordings = [
    { name: 'dawn.wav', mimeType: 'audio/wav', buffer: encodeWav(music({ seconds: 6, seed: 171, level: -9 }), 44_100, 2) },
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
