// Signing up through the dashboard's dialog, as a new creator does (ticking the box that accepts the
// Terms of Service and the Privacy Policy, and giving the optional e-mail address when `email` is set);
// shared by the journeys.
import { expect, type Page } from '@playwright/test';

export async function signUp(page: Page, username: string, { email }: { email?: string } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Sign Up Now' }).click();
  const signup = page.getByRole('dialog', { name: 'Create your account' });
  await signup.getByLabel('Username').fill(username);
  await signup.getByLabel('Password', { exact: true }).fill('a long enough password');
  if (email) await signup.getByLabel('E-mail address (optional)').fill(email);
  await signup.getByRole('checkbox', { name: 'I accept the Terms of Service and the Privacy Policy' }).check();
  await signup.getByRole('button', { name: 'Create Account' }).click();
  // Attached, not visible: a phone's header has no room for the greeting and hides it.
  await expect(page.getByText(`Hello, ${username}`)).toBeAttached();
}
