// The signed link that confirms a user's e-mail address: the user id, the address and when the
// link stops working, MACed with HMAC-SHA256 under a platform key kept in
// data/keys/email-confirmation-hmac.key (generated once, like the royalty invitations' key). Only
// someone who received the mail holds the link, so opening it proves the address reaches the user.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadHmacKey } from '../keys/key-file';

const KEY_FILE = 'email-confirmation-hmac.key';
const TOKEN = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;
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
  if (key.length < 32) throw new Error('The e-mail confirmation key must be at least 32 bytes');
  const mac = (payload: Buffer) => createHmac('sha256', key).update('goose-email-confirmation-v1\0').update(payload).digest();
  return {
    sign({ userId, email, expiresAt }) {
      const payload = Buffer.from(`${userId}\n${email}\n${expiresAt.getTime()}`, 'utf8');
      return `${payload.toString('base64url')}.${mac(payload).toString('base64url')}`;
    },
    verify(token, now = new Date()) {
      const match = TOKEN.exec(token);
      if (!match) return { status: 'invalid' };
      const payload = Buffer.from(match[1]!, 'base64url');
      const given = Buffer.from(match[2]!, 'base64url');
      // base64url decoding ignores stray trailing bits: compare the canonical re-encoding too.
      if (payload.length > MAX_PAYLOAD_BYTES || payload.toString('base64url') !== match[1] || given.toString('base64url') !== match[2]) return { status: 'invalid' };
      if (given.length !== 32 || !timingSafeEqual(given, mac(payload))) return { status: 'invalid' };
      const [userId, email, expiry] = payload.toString('utf8').split('\n');
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
