// The signed link that resets a forgotten password: the user id, the reset's id and when the link
// stops working, MACed with HMAC-SHA256 under a platform key kept in data/keys/password-reset-hmac.key
// (generated once, like the e-mail confirmation key). The MAC proves the server made the link; that
// it is the newest and unused is the user's stream's to say (domain/identity/user.decider.ts), so a
// restart or a second instance cannot make a used link work again.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadHmacKey } from '../keys/key-file';

const KEY_FILE = 'password-reset-hmac.key';
const TOKEN = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/;
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
  if (key.length < 32) throw new Error('The password reset key must be at least 32 bytes');
  const mac = (payload: Buffer) => createHmac('sha256', key).update('goose-password-reset-v1\0').update(payload).digest();
  return {
    sign({ userId, resetId, expiresAt }) {
      const payload = Buffer.from(`${userId}\n${resetId}\n${expiresAt.getTime()}`, 'utf8');
      return `${payload.toString('base64url')}.${mac(payload).toString('base64url')}`;
    },
    verify(token, now = new Date()) {
      const match = TOKEN.exec(token);
      if (!match) return { status: 'invalid' };
      const payload = Buffer.from(match[1]!, 'base64url');
      const given = Buffer.from(match[2]!, 'base64url');
      // base64url decoding ignores stray trailing bits: compare the canonical re-encoding too.
      if (payload.toString('base64url') !== match[1] || given.toString('base64url') !== match[2]) return { status: 'invalid' };
      if (given.length !== 32 || !timingSafeEqual(given, mac(payload))) return { status: 'invalid' };
      const [userId, resetId, expiry, ...rest] = payload.toString('utf8').split('\n');
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
