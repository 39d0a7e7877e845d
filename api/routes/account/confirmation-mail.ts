// The mail that carries an e-mail confirmation link. The address is the user's input: it is the
// recipient only, and the username is one line of text, escaped in the HTML.
import { EMAIL_CONFIRMATION_TTL_HOURS } from '../../../domain/contracts/account';
import { mailLine, sendLinkMail, type Mailer, type SentMail } from '../../../infra/mail/mailer';

export function mailEmailConfirmation(mailer: Mailer, mail: { to: string; username: string; link: string }): Promise<SentMail> {
  const username = mailLine(mail.username);
  const ask = `Someone, most likely you, asked to use this address for the GOOSE account ${username}.`;
  const open = `Open this link within ${EMAIL_CONFIRMATION_TTL_HOURS} hours to confirm it, then press Confirm on the page it opens:`;
  const unexpected = 'If you did not ask for this, ignore this message: the address is not used until the link is opened.';
  return sendLinkMail(mailer, {
    kind: 'email-confirmation',
    to: mail.to,
    link: mail.link,
    subject: 'Confirm your e-mail address for GOOSE',
    greeting: `Hello ${username}`,
    ask,
    open,
    closing: [unexpected],
  });
}
