// A few text fields carried in a link and MACed with HMAC-SHA256 under a platform key, with a
// purpose tag so a token made for one use never verifies for another: `<fields, base64url>.<MAC>`.
// The fields are joined by line breaks, so none may hold one.
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOKEN = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

export interface SignedFields {
  sign(fields: readonly string[]): string;
  /** The fields a token carries, or null when it is malformed, too long or its MAC does not match. */
  open(token: string): string[] | null;
}

export function signedFields(key: Buffer, purpose: string, maxPayloadBytes: number): SignedFields {
  if (key.length < 32) throw new Error(`The ${purpose} key must be at least 32 bytes`);
  const mac = (payload: Buffer) => createHmac('sha256', key).update(`goose-${purpose}-v1\0`).update(payload).digest();
  return {
    sign(fields) {
      if (fields.some((field) => field.includes('\n'))) throw new Error('A signed field cannot hold a line break');
      const payload = Buffer.from(fields.join('\n'), 'utf8');
      return `${payload.toString('base64url')}.${mac(payload).toString('base64url')}`;
    },
    open(token) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const payload = Buffer.from(match[1]!, 'base64url');
      const given = Buffer.from(match[2]!, 'base64url');
      // base64url decoding ignores stray trailing bits: compare the canonical re-encoding too.
      if (payload.length > maxPayloadBytes || payload.toString('base64url') !== match[1] || given.toString('base64url') !== match[2]) return null;
      if (given.length !== 32 || !timingSafeEqual(given, mac(payload))) return null;
      return payload.toString('utf8').split('\n');
    },
  };
}
