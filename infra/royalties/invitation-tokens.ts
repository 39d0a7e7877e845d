// The signed link a royalty receiver's invitation carries: the content and receiver ids, MACed with
// HMAC-SHA256 under a platform key kept in data/keys/invitation-hmac.key (generated once). Holding
// the link is what lets someone see and answer the invitation, so a token that was altered, or made
// without the key, is simply not found. Tokens carry no expiry: a removed receiver's link stops
// working because the receiver is gone, not because the token is refused.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadHmacKey } from '../keys/key-file';

const KEY_FILE = 'invitation-hmac.key';
const TOKEN = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;
const UUID_HEX = /^[0-9a-f]{32}$/;

export interface InvitationSubject {
  contentId: string;
  receiverId: string;
}

export interface InvitationTokens {
  sign(subject: InvitationSubject): string;
  /** The invitation a token names, or null when it is malformed or its MAC does not match. */
  verify(token: string): InvitationSubject | null;
}

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replaceAll('-', '').toLowerCase();
  if (!UUID_HEX.test(hex)) throw new Error(`Not a UUID: ${uuid}`);
  return Buffer.from(hex, 'hex');
}

function uuidFrom(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function invitationTokens(key: Buffer): InvitationTokens {
  if (key.length < 32) throw new Error('The invitation key must be at least 32 bytes');
  const mac = (payload: Buffer) => createHmac('sha256', key).update('goose-royalty-invitation-v1\0').update(payload).digest();
  return {
    sign({ contentId, receiverId }) {
      const payload = Buffer.concat([uuidBytes(contentId), uuidBytes(receiverId)]);
      return `${payload.toString('base64url')}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const payload = Buffer.from(match[1]!, 'base64url');
      const given = Buffer.from(match[2]!, 'base64url');
      // base64url decoding ignores stray trailing bits: compare the canonical re-encoding too.
      if (payload.length !== 32 || given.length !== 32 || payload.toString('base64url') !== match[1]) return null;
      if (!timingSafeEqual(given, mac(payload)) || given.toString('base64url') !== match[2]) return null;
      return { contentId: uuidFrom(payload.subarray(0, 16)), receiverId: uuidFrom(payload.subarray(16)) };
    },
  };
}

/** The platform's invitation key under dataDir, generated on first use. */
export async function loadInvitationTokens(dataDir: string): Promise<InvitationTokens> {
  return invitationTokens(await loadHmacKey(dataDir, KEY_FILE));
}
