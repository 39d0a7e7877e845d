// The sign-up form's required box names the Terms of Service and the Privacy Policy, each linked to
// its dialog's address; without the terms' version it cannot be sent, and the login form has no box.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CredentialsForm } from './credentials-form';

function render(terms?: { version: number | undefined; error: string | null }, askEmail = false): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <CredentialsForm idPrefix="signup" submitLabel="Create Account" submitIcon="pi pi-user-plus" busy={false} validateRules terms={terms} askEmail={askEmail} onSubmit={() => undefined} />
    </MemoryRouter>,
  );
}

describe('sign-up form', () => {
  it('asks to accept the terms and the privacy policy, both linked', () => {
    const html = render({ version: 1, error: null });
    expect(html).toContain('id="signup-terms"');
    expect(html).toMatch(/<label for="signup-terms">I accept the <a href="\/legal\/terms"[^>]*>Terms of Service<\/a> and the <a href="\/legal\/privacy"[^>]*>Privacy Policy<\/a><\/label>/);
    expect(html).not.toMatch(/<button[^>]*disabled/);
  });

  it('cannot be sent while the terms are not known, and says why when they could not be read', () => {
    const html = render({ version: undefined, error: 'The Terms of Service could not be loaded (offline), so an account cannot be created now.' });
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*type="submit"/);
    expect(html).toContain('The Terms of Service could not be loaded (offline), so an account cannot be created now.');
  });

  it('has no box on the login form', () => {
    expect(render()).not.toContain('signup-terms');
  });

  it('asks for an optional e-mail address and says what it is for', () => {
    const html = render({ version: 1, error: null }, true);
    expect(html).toMatch(/<label for="signup-email">E-mail address <span class="muted">\(optional\)<\/span><\/label>/);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*id="signup-email"|<input[^>]*id="signup-email"[^>]*type="email"/);
    expect(html).toContain('without it we cannot tell you about a dispute against your work or a deadline, and you cannot reset a forgotten password');
    expect(render()).not.toContain('signup-email');
  });
});
