// Asking to use an e-mail address: a signed, expiring confirmation link mailed to it and the
// address kept as waiting until the link is opened. Settings and sign-up both ask this way, so an
// address given at sign-up is confirmed exactly as one set later.
import { EMAIL_CONFIRMATION_TTL_HOURS } from '../../../domain/contracts/account';
import type { PendingEmails } from '../../../infra/account/pending-emails';
import type { Services } from '../../plugins/services';
import { mailEmailConfirmation } from './confirmation-mail';

const HOUR = 60 * 60 * 1000;

/** Mails the link (throws when the mailer fails: nothing is kept then) and records the address as waiting. */
export async function requestEmailConfirmation(
  { mailer, emailConfirmations, publicOrigin }: Pick<Services, 'mailer' | 'emailConfirmations' | 'publicOrigin'>,
  pendingEmails: PendingEmails,
  { userId, username, email }: { userId: string; username: string; email: string },
): Promise<{ email: string; requestedAt: Date; expiresAt: Date }> {
  const requestedAt = new Date();
  const expiresAt = new Date(requestedAt.getTime() + EMAIL_CONFIRMATION_TTL_HOURS * HOUR);
  const token = emailConfirmations.sign({ userId, email, expiresAt });
  const link = `${publicOrigin()}/confirm-email?token=${encodeURIComponent(token)}`;
  await mailEmailConfirmation(mailer, { to: email, username, link });
  await pendingEmails.put(userId, { email, requestedAt, expiresAt });
  return { email, requestedAt, expiresAt };
}
