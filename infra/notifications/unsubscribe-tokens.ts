// The signed one-click unsubscribe link in each notification mail: the user id and the kind,
// MACed with HMAC-SHA256 under a platform key kept in data/keys/notification-unsubscribe-hmac.key
// (generated once, as the royalty invitations' key is). Whoever holds the link may turn that kind's
// mail off for that user, and nothing else; an altered token, or one made without the key, is refused.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../domain/contracts/notifications';
import { loadHmacKey } from '../keys/key-file';

const KEY_FILE = 'notification-unsubscribe-hmac.key';
const TOKEN = /^([A-Za-z0-9_-]{23})\.([A-Za-z0-9_-]{43})$/;
const UUID_HEX = /^[0-9a-f]{32}$/;

export interface UnsubscribeSubject {
  userId: string;
  kind: NotificationKind;
}

export interface UnsubscribeTokens {
  sign(subject: UnsubscribeSubject): string;
  /** The user and kind a token names, or null when it is malformed or its MAC does not match. */
  verify(token: string): UnsubscribeSubject | null;
}

export function unsubscribeTokens(key: Buffer): UnsubscribeTokens {
  if (key.length < 32) throw new Error('The unsubscribe key must be at least 32 bytes');
  const mac = (payload: Buffer) => createHmac('sha256', key).update('goose-notification-unsubscribe-v1\0').update(payload).digest();
  return {
    sign({ userId, kind }) {
      const hex = userId.replaceAll('-', '').toLowerCase();
      if (!UUID_HEX.test(hex)) throw new Error(`Not a UUID: ${userId}`);
      const payload = Buffer.concat([Buffer.from(hex, 'hex'), Buffer.from([NOTIFICATION_KINDS.indexOf(kind)])]);
      return `${payload.toString('base64url')}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const payload = Buffer.from(match[1]!, 'base64url');
      const given = Buffer.from(match[2]!, 'base64url');
      // base64url decoding ignores stray trailing bits: compare the canonical re-encodings too.
      if (payload.length !== 17 || given.length !== 32 || payload.toString('base64url') !== match[1] || given.toString('base64url') !== match[2]) return null;
      if (!timingSafeEqual(given, mac(payload))) return null;
      const kind = NOTIFICATION_KINDS[payload[16]!];
      if (!kind) return null;
      const hex = payload.subarray(0, 16).toString('hex');
      return { userId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`, kind };
    },
  };
}

/** The platform's unsubscribe key under dataDir, generated on first use. */
export async function loadUnsubscribeTokens(dataDir: string): Promise<UnsubscribeTokens> {
  return unsubscribeTokens(await loadHmacKey(dataDir, KEY_FILE));
}
