// The support centre through the screens, by two people in two browsers: a creator opens a ticket
// from the Support tab (the form first refuses it empty with the spec's message); a support user
// (role granted through the ops CLI) finds it in the support queue, takes it, writes an internal
// note, inserts a canned reply and answers; the creator sees the answer arrive without reloading,
// with the first-response time, and never the note. Both screens fit a phone's width and a laptop's.
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { opsCommand } from './ops-command';
import { signUp } from './sign-up';

test('a creator opens a ticket, a support user answers from the queue, the creator sees the reply live and never the internal note', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const creator = `tkt_${stamp}`;
  const staff = `sup_${stamp}`;
  const title = `Charged twice ${stamp}`;
  const note = `Provider shows two charges ${stamp}`;
  const answer = `One of the two charges is being refunded ${stamp}`;

  // 1. The creator opens a ticket from the Support tab.
  await page.goto('/');
  await signUp(page, creator);
  await page.goto('/dashboard/support');
  await page.getByRole('button', { name: 'New ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ticket' });
  await dialog.getByRole('button', { name: 'Open ticket' }).click();
  await expect(dialog.getByText('Please fill in all required fields.')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('My card was charged twice for one token purchase.');
  await dialog.locator('.p-dropdown').filter({ hasText: 'General' }).click();
  await page.getByRole('option', { name: 'Billing' }).and(page.locator('li')).click();
  await dialog.getByRole('button', { name: 'Open ticket' }).click();
  await expect(dialog).toBeHidden();
  const conversation = page.getByRole('article', { name: title });
  await expect(conversation).toContainText('Open');
  await expect(conversation).toContainText('No reply from a person yet');
  await expectNoSidewaysScroll(page);

  // 2. A support user, granted the role, answers from the queue.
  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const staffPage = await staffContext.newPage();
  await staffPage.goto('/');
  await signUp(staffPage, staff);
  await opsCommand(baseURL!, ['grant-role', staff, 'support']);
  await staffPage.goto('/support/queue');
  await staffPage.getByRole('list', { name: 'Support queue' }).getByRole('button', { name: new RegExp(title) }).click();
  const ticket = staffPage.getByRole('article', { name: title });
  await expect(ticket).toContainText(`by ${creator}`);
  await ticket.getByRole('button', { name: 'Assign to me' }).click();
  await expect(ticket).toContainText(staff);
  await ticket.getByLabel('Internal note', { exact: true }).check();
  await ticket.getByLabel('Internal note (support users only)').fill(note);
  await ticket.getByLabel('Internal note (support users only)').press('Enter');
  await expect(ticket.locator('.support-message--internal')).toContainText(note);
  await ticket.getByLabel('Internal note', { exact: true }).uncheck();
  await ticket.locator('.support-composer__canned').click();
  await staffPage.getByRole('option', { name: 'Thanks, we are looking into it' }).and(staffPage.locator('li')).click();
  const reply = ticket.getByLabel('Your reply');
  await expect(reply).toHaveValue(/I have taken your ticket/);
  await reply.fill(answer);
  await reply.press('Enter');
  await expect(ticket.locator('.support-message--support')).toContainText(answer);
  await expect(ticket).toContainText('In progress');
  await expectNoSidewaysScroll(staffPage);
  await staffPage.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(staffPage);

  // 3. The creator sees the answer arrive without reloading, with its time, and never the note.
  await expect(conversation).toContainText(answer);
  await expect(conversation).toContainText(staff);
  await expect(conversation).toContainText(/(under a minute|\d+ min) after opening/);
  await expect(conversation).toContainText('In progress');
  await expect(page.getByText(note)).toHaveCount(0);
  await expect(conversation.getByText('Internal note')).toHaveCount(0);

  // 4. The creator's reply goes with Enter; at a phone's width nothing scrolls sideways.
  await conversation.getByLabel('Your reply').fill('Thank you!');
  await conversation.getByLabel('Your reply').press('Enter');
  await expect(conversation.locator('.support-message--user')).toContainText('Thank you!');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await staffContext.close();
});
