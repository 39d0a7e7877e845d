// The signed link that confirms a user's e-mail address: the user id, the address and when the
// link stops working, MACed with HMAC-SHA256 under a platform key kept in
// data/keys/email-confirmation-hmac.key (generated once, like the royalty invitations' key). Only
// someone who received the mail holds the link, so opening it proves the address reaches the user.
import { loadHmacKey } from '../keys/key-file';
import { signedFields } from '../keys/signed-fields';

const KEY_FILE = 'email-confirmation-hmac.key';
/** A payload is "<userId>\n<address>\n<expiry in ms>"; an address is at most 254 characters. */
const MAX_PAYLOAD_BYTES = 36 + 1 + 1024 + 1 + 16;

export interface EmailConfirmation {
  userId: string;
  email: string;
  expiresAt: Date;
}

export type VerifiedConfirmation = { status: 'valid'; confirmation: EmailConfirmation } | { status: 'expired'; confirmation: EmailConfirmation } | { status: 'invalid' };

export interface EmailConfirmationTokens {
  sign(confirmation: EmailConfirmation): string;
  /** What a token confirms, whether it has expired at `now`, or 'invalid' when it is malformed or its MAC does not match. */
  verify(token: string, now?: Date): VerifiedConfirmation;
}

export function emailConfirmationTokens(key: Buffer): EmailConfirmationTokens {
  const fields = signedFields(key, 'email-confirmation', MAX_PAYLOAD_BYTES);
  return {
    sign({ userId, email, expiresAt }) {
      return fields.sign([userId, email, String(expiresAt.getTime())]);
    },
    verify(token, now = new Date()) {
      const [userId, email, expiry] = fields.open(token) ?? [];
      if (!userId || !email || !expiry || !/^\d+$/.test(expiry)) return { status: 'invalid' };
      const confirmation = { userId, email, expiresAt: new Date(Number(expiry)) };
      return { status: confirmation.expiresAt.getTime() > now.getTime() ? 'valid' : 'expired', confirmation };
    },
  };
}

/** The platform's e-mail confirmation key under dataDir, generated on first use. */
export async function loadEmailConfirmationTokens(dataDir: string): Promise<EmailConfirmationTokens> {
  return emailConfirmationTokens(await loadHmacKey(dataDir, KEY_FILE));
}
