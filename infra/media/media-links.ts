// Signed, expiring media links (docs/ip-protection.md): the API hands a browser a URL for one file
// (`/uploads/<name>`, `/media/previews/<work>.mp3`) carrying who it was issued to, when it stops
// working and an HMAC-SHA256 over path, subject and expiry under a platform key kept in
// data/keys/media-link-hmac.key (generated once, as the e-mail confirmation and unsubscribe keys
// are). The media routes serve a link only while it is unexpired and its MAC matches, so a copied
// link stops working within the hour and an edited one never works.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadHmacKey } from '../keys/key-file';

const KEY_FILE = 'media-link-hmac.key';
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
/** Who a link was issued to: a user id, or `visitor` for a public preview asked without a session. */
const SUBJECT = /^(visitor|[0-9a-f-]{36})$/;

/** How long a link works at least. */
export const MEDIA_LINK_TTL_MS = 30 * 60 * 1000;
/**
 * Expiries are rounded up to this step, so the links a page asks for again within it are the same
 * URL: an <audio> element is not reloaded, and the browser's cache still serves the file.
 */
export const MEDIA_LINK_STEP_MS = 10 * 60 * 1000;

/** The query a signed link carries. */
export interface MediaLinkQuery {
  exp?: string;
  sub?: string;
  sig?: string;
}

export type VerifiedMediaLink = { status: 'valid'; subject: string } | { status: 'expired' } | { status: 'invalid' } | { status: 'unsigned' };

export interface MediaLinks {
  /** A signed URL for `urlPath` issued to `subject`, and when it stops working. */
  sign(urlPath: string, subject: string, now?: Date): { url: string; expiresAt: Date };
  /** Whether the query signs `urlPath`: valid (with its subject), expired, invalid (forged or altered), or unsigned (no signature at all). */
  verify(urlPath: string, query: MediaLinkQuery, now?: Date): VerifiedMediaLink;
}

export function mediaLinks(key: Buffer): MediaLinks {
  if (key.length < 32) throw new Error('The media link key must be at least 32 bytes');
  const mac = (urlPath: string, subject: string, expiry: string) =>
    createHmac('sha256', key).update('goose-media-link-v1\0').update(`${urlPath}\n${subject}\n${expiry}`, 'utf8').digest();
  return {
    sign(urlPath, subject, now = new Date()) {
      if (!SUBJECT.test(subject)) throw new Error(`Not a media link subject: ${subject}`);
      const expiresAt = new Date(Math.ceil((now.getTime() + MEDIA_LINK_TTL_MS) / MEDIA_LINK_STEP_MS) * MEDIA_LINK_STEP_MS);
      const expiry = String(expiresAt.getTime());
      const query = new URLSearchParams({ exp: expiry, sub: subject, sig: mac(urlPath, subject, expiry).toString('base64url') });
      return { url: `${urlPath}?${query.toString()}`, expiresAt };
    },
    verify(urlPath, { exp, sub, sig }, now = new Date()) {
      if (exp === undefined && sub === undefined && sig === undefined) return { status: 'unsigned' };
      if (!exp || !sub || !sig || !/^\d{1,15}$/.test(exp) || !SUBJECT.test(sub) || !SIGNATURE.test(sig)) return { status: 'invalid' };
      const given = Buffer.from(sig, 'base64url');
      // base64url decoding ignores stray trailing bits: compare the canonical re-encoding too.
      if (given.toString('base64url') !== sig || !timingSafeEqual(given, mac(urlPath, sub, exp))) return { status: 'invalid' };
      return Number(exp) > now.getTime() ? { status: 'valid', subject: sub } : { status: 'expired' };
    },
  };
}

/** The platform's media link key under dataDir, generated on first use. */
export async function loadMediaLinks(dataDir: string): Promise<MediaLinks> {
  return mediaLinks(await loadHmacKey(dataDir, KEY_FILE));
}
