// The mail that carries a waiting-list confirmation link. The address is the recipient only; the
// mail says what joining means and what it does not (no payment, no tokens), so a mail someone
// else caused promises nothing either.
import { WAITING_LIST_LINK_TTL_HOURS } from '../../../domain/contracts/waiting-list';
import { sendLinkMail, type Mailer, type SentMail } from '../../../infra/mail/mailer';

export function mailWaitingListLink(mailer: Mailer, mail: { to: string; link: string }): Promise<SentMail> {
  const ask = 'Someone, most likely you, asked to put this address on the waiting list of the per-stream streaming platform GOOSE is planning.';
  const open = `Open this link within ${WAITING_LIST_LINK_TTL_HOURS} hours and press Confirm on the page it opens. The link works once; it also shows your referral code and your place on the list in that browser.`;
  const honest = 'The platform does not exist yet: joining costs nothing, pays nothing and credits no tokens.';
  const unexpected = 'If you did not ask for this, ignore this message: the address is not counted until the link is opened.';
  return sendLinkMail(mailer, {
    kind: 'waiting-list-confirmation',
    to: mail.to,
    link: mail.link,
    subject: 'Confirm your place on the GOOSE streaming waiting list',
    greeting: 'Hello',
    ask,
    open,
    closing: [honest, unexpected],
  });
}
