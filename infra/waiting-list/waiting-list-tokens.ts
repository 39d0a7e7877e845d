// The secrets of the waiting list. An entry's id is derived from its address (HMAC of the address in
// lower case), so one address is one stream however often and however concurrently it joins, and
// the stream's name does not spell the address. Affiliate codes are 96 random bits. Two signed
// tokens, HMAC-SHA256 under a platform key kept in data/keys/waiting-list-hmac.key (generated once):
// the mailed link (entry, single-use link id, expiry) and the status token a browser keeps in a
// cookie once it confirmed an address (the entry), which is how a visitor sees their place.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { loadHmacKey } from '../keys/key-file';

const KEY_FILE = 'waiting-list-hmac.key';
const TOKEN = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/;
const HEX32 = /^[0-9a-f]{32}$/;

export interface WaitingListLink {
  entryId: string;
  linkId: string;
  expiresAt: Date;
}

export type VerifiedLink = { status: 'valid' | 'expired'; link: WaitingListLink } | { status: 'invalid' };

export interface WaitingListSecrets {
  /** The entry id of an address (trimmed, compared without case). */
  entryIdOf(email: string): string;
  signLink(link: WaitingListLink): string;
  verifyLink(token: string, now?: Date): VerifiedLink;
  signStatus(entryId: string): string;
  /** The entry a status token names, or null when it is malformed or not signed with the key. */
  verifyStatus(token: string): string | null;
}

/** A fresh affiliate code: 96 random bits as 16 base64url characters. */
export function newAffiliateCode(): string {
  return randomBytes(12).toString('base64url');
}

/** A fresh id for one mailed link. */
export function newLinkId(): string {
  return randomBytes(16).toString('hex');
}

export function waitingListSecrets(key: Buffer): WaitingListSecrets {
  if (key.length < 32) throw new Error('The waiting list key must be at least 32 bytes');
  const mac = (purpose: string, payload: Buffer) => createHmac('sha256', key).update(`goose-waiting-list-${purpose}-v1\0`).update(payload).digest();
  const sign = (purpose: string, text: string) => {
    const payload = Buffer.from(text, 'utf8');
    return `${payload.toString('base64url')}.${mac(purpose, payload).toString('base64url')}`;
  };
  /** The signed text, or null when the token is malformed or its MAC does not match. */
  const open = (purpose: string, token: string): string | null => {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const payload = Buffer.from(match[1]!, 'base64url');
    const given = Buffer.from(match[2]!, 'base64url');
    // base64url decoding ignores stray trailing bits: compare the canonical re-encodings too.
    if (payload.toString('base64url') !== match[1] || given.toString('base64url') !== match[2] || given.length !== 32) return null;
    return timingSafeEqual(given, mac(purpose, payload)) ? payload.toString('utf8') : null;
  };
  return {
    entryIdOf: (email) => mac('entry', Buffer.from(email.trim().toLowerCase(), 'utf8')).subarray(0, 16).toString('hex'),
    signLink: ({ entryId, linkId, expiresAt }) => sign('link', `${entryId}\n${linkId}\n${expiresAt.getTime()}`),
    verifyLink(token, now = new Date()) {
      const [entryId, linkId, expiry, ...rest] = open('link', token)?.split('\n') ?? [];
      if (!entryId || !linkId || !expiry || rest.length > 0 || !HEX32.test(entryId) || !HEX32.test(linkId) || !/^\d+$/.test(expiry)) return { status: 'invalid' };
      const link = { entryId, linkId, expiresAt: new Date(Number(expiry)) };
      return { status: link.expiresAt.getTime() > now.getTime() ? 'valid' : 'expired', link };
    },
    signStatus: (entryId) => sign('status', entryId),
    verifyStatus(token) {
      const entryId = open('status', token);
      return entryId && HEX32.test(entryId) ? entryId : null;
    },
  };
}

/** The platform's waiting list key under dataDir, generated on first use. */
export async function loadWaitingListSecrets(dataDir: string): Promise<WaitingListSecrets> {
  return waitingListSecrets(await loadHmacKey(dataDir, KEY_FILE));
}
