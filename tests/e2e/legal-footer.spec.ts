// A visitor on ?oauth_success=true is told the sign-in did not complete. The legal documents and the FAQ as a visitor and a new user meet them: the Terms open from the
// footer in a dialog at /legal/terms, the back button closes it, and a direct visit opens it too; an
// FAQ entry opens from its own link; a new user cannot sign up before ticking the terms box; and a
// document fills a phone's screen without scrolling sideways.
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './fixtures';

const scrollsSideways = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('a visitor reads the terms from the footer and an FAQ answer; a new user must accept the terms to sign up', async ({ page }) => {
  // A visitor on a sign-in return address is told the sign-in did not complete, and nothing polls on.
  let userChecks = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/me') userChecks += 1;
  });
  await page.goto('/dashboard?oauth_success=true');
  await expect(page.getByText('The sign-in did not complete, so you are browsing as a visitor.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const checksWhenTold = userChecks;
  await page.waitForTimeout(1500);
  expect(userChecks).toBe(checksWhenTold);
  await page.goto('/dashboard');
  const footer = page.getByRole('navigation', { name: 'Legal documents and help' });
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/legal\/terms$/);
  const terms = page.getByRole('dialog', { name: 'Terms of Service' });
  await expect(terms).toBeVisible();
  await expect(terms.getByText(/^Version \d+ · effective /)).toBeVisible();
  await expect(terms.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Terms of Service dialog');

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(terms).toBeHidden();

  // A direct visit opens the document too; closing it shows the dashboard.
  await page.goto('/legal/privacy');
  const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
  await expect(privacy).toBeVisible();
  await privacy.getByRole('button', { name: 'Close' }).click();
  await expect(privacy).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The FAQ from the footer: search, open an entry, and its own link opens it again.
  await footer.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/dashboard\/faq$/);
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const firstQuestion = faq.locator('summary').first();
  const question = (await firstQuestion.textContent())!.trim();
  const everyQuestion = await faq.locator('summary').count();
  await faq.getByRole('searchbox', { name: 'Search the FAQ' }).fill(question);
  await expect.poll(() => faq.locator('summary').count()).toBeLessThan(everyQuestion);
  await faq.locator('summary', { hasText: question }).click();
  const entry = faq.locator('details[open]');
  await expect(entry).toHaveCount(1);
  const entryId = await entry.getAttribute('id');
  await page.goto(`/dashboard/faq#${entryId}`);
  await expect(page.locator(`details#${entryId}`)).toHaveAttribute('open', '');
  await expectNoSeriousA11yViolations(page, 'the FAQ tab');

  // Sign-up is refused until the box is ticked; ticked, the account is made with the terms accepted.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign Up Now' }).click();
  const signup = page.getByRole('dialog', { name: 'Create your account' });
  const username = `legal_${Date.now().toString(36)}`;
  await signup.getByLabel('Username').fill(username);
  await signup.getByLabel('Password', { exact: true }).fill('a long enough password');
  await signup.getByRole('button', { name: 'Create Account' }).click();
  await expect(signup.getByText('Accept the Terms of Service and the Privacy Policy to create an account')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the sign-up dialog refusing without the terms');
  // Links look like links: underlined, in the accent colour rather than the browser's dark blue.
  const privacyLink = signup.getByRole('link', { name: 'Privacy Policy' });
  await expect(privacyLink).toHaveCSS('text-decoration-line', 'underline');
  await expect(privacyLink).toHaveCSS('color', 'rgb(165, 180, 252)');
  // The box's links open the documents over the form, which keeps what was typed.
  await privacyLink.click();
  await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeHidden();
  await expect(signup.getByLabel('Username')).toHaveValue(username);
  await signup.getByRole('checkbox', { name: 'I accept the Terms of Service and the Privacy Policy' }).check();
  await signup.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Accept the Terms of Service' })).toHaveCount(0);

  // On a phone a document fills the screen, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/legal/oracle');
  const oracle = page.getByRole('dialog', { name: 'Copyright Oracle Policy' });
  await expect(oracle).toBeVisible();
  const box = (await oracle.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(389);
  expect(await scrollsSideways(page)).toBe(false);
});

test('a user who has not accepted the current terms is asked before using the dashboard, and may log out instead', async ({ page, baseURL }) => {
  const username = `api_${Date.now().toString(36)}`;
  // Signed up through the API, which does not ask for the terms.
  const response = await page.request.post(`${baseURL}/api/auth/signup`, { data: { username, password: 'a long enough password' } });
  expect(response.status()).toBe(201);
  await page.goto('/dashboard');
  const ask = page.getByRole('dialog', { name: 'Accept the Terms of Service' });
  await expect(ask).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the terms acceptance dialog');
  await ask.getByRole('button', { name: 'Accept' }).click();
  await expect(ask).toBeHidden();
  await page.reload();
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();
  await expect(ask).toHaveCount(0);
});
