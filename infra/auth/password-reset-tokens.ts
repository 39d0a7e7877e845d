// The signed link that resets a forgotten password: the user id, the reset's id and when the link
// stops working, MACed with HMAC-SHA256 under a platform key kept in data/keys/password-reset-hmac.key
// (generated once, like the e-mail confirmation key). The MAC proves the server made the link; that
// it is the newest and unused is the user's stream's to say (domain/identity/user.decider.ts), so a
// restart or a second instance cannot make a used link work again.
import { loadHmacKey } from '../keys/key-file';
import { signedFields } from '../keys/signed-fields';

const KEY_FILE = 'password-reset-hmac.key';
/** "<userId>\n<resetId>\n<expiry in ms>": two UUIDs and a number. */
const MAX_PAYLOAD_BYTES = 36 + 1 + 36 + 1 + 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface PasswordResetLink {
  userId: string;
  resetId: string;
  expiresAt: Date;
}

export type VerifiedResetLink = { status: 'valid' | 'expired'; link: PasswordResetLink } | { status: 'invalid' };

export interface PasswordResetTokens {
  sign(link: PasswordResetLink): string;
  /** What a token names and whether it has expired at `now`, or 'invalid' when it is malformed or its MAC does not match. */
  verify(token: string, now?: Date): VerifiedResetLink;
}

export function passwordResetTokens(key: Buffer): PasswordResetTokens {
  const fields = signedFields(key, 'password-reset', MAX_PAYLOAD_BYTES);
  return {
    sign({ userId, resetId, expiresAt }) {
      return fields.sign([userId, resetId, String(expiresAt.getTime())]);
    },
    verify(token, now = new Date()) {
      const [userId, resetId, expiry, ...rest] = fields.open(token) ?? [];
      if (rest.length > 0 || !userId || !resetId || !UUID.test(userId) || !UUID.test(resetId) || !expiry || !/^\d+$/.test(expiry)) return { status: 'invalid' };
      const link = { userId, resetId, expiresAt: new Date(Number(expiry)) };
      return { status: link.expiresAt.getTime() > now.getTime() ? 'valid' : 'expired', link };
    },
  };
}

/** The platform's password reset key under dataDir, generated on first use. */
export async function loadPasswordResetTokens(dataDir: string): Promise<PasswordResetTokens> {
  return passwordResetTokens(await loadHmacKey(dataDir, KEY_FILE));
}
