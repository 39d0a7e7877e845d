// What the password recovery screens show before anything is sent: the forgot-password form asks
// for a username or address and promises nothing about whether an account exists; the reset page
// asks for the new password twice, says the link works once for 30 minutes and signs every device
// out, and says plainly when the link has no token.
import { describe, expect, it } from 'vitest';
import { renderWithQueries } from '../../../lib/test-render';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordPanel } from './reset-password-panel';

describe('forgot password form', () => {
  it('asks for a username or e-mail address and says where the link goes', () => {
    const html = renderWithQueries(<ForgotPasswordForm />, []);
    expect(html).toContain('<label for="forgot-identifier">Username or e-mail address</label>');
    expect(html).toContain('A link to set a new password is mailed to the confirmed address of the account.');
    expect(html).toContain('Send reset link');
    expect(html).not.toMatch(/was sent|we (have )?emailed/i);
  });
});

describe('reset password page', () => {
  it('asks for the new password twice and says what the link does', () => {
    const html = renderWithQueries(<ResetPasswordPanel token="abc.def" />, [], { router: true });
    expect(html).toContain('<label for="reset-password">New password</label>');
    expect(html).toContain('<label for="reset-password-again">New password again</label>');
    expect(html).toContain('The link works once, for 30 minutes after it was sent. Setting the password signs out every device signed in to the account.');
    expect(html).toContain('Set new password');
  });

  it('says so when the link has no token, and offers no form', () => {
    const html = renderWithQueries(<ResetPasswordPanel token="" />, [], { router: true });
    expect(html).toContain('This link has no reset token: open the link from the mail as it is.');
    expect(html).not.toContain('Set new password');
  });
});
