// Signed media links: a link verifies for its path until it expires, names its subject, and any
// edit (path, subject, expiry, signature) or another key makes it invalid.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MEDIA_LINK_STEP_MS, MEDIA_LINK_TTL_MS, mediaLinks } from './media-links';

const links = mediaLinks(randomBytes(32));
const owner = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';
const now = new Date('2026-11-29T12:03:00.000Z');
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://goose.local').searchParams);

describe('media links', () => {
  it('verifies a fresh link for its path and subject, and expires it after at least the TTL', () => {
    const { url, expiresAt } = links.sign('/uploads/a.wav', owner, now);
    expect(url.startsWith('/uploads/a.wav?exp=')).toBe(true);
    expect(expiresAt.getTime() - now.getTime()).toBeGreaterThanOrEqual(MEDIA_LINK_TTL_MS);
    expect(expiresAt.getTime() - now.getTime()).toBeLessThanOrEqual(MEDIA_LINK_TTL_MS + MEDIA_LINK_STEP_MS);
    expect(links.verify('/uploads/a.wav', queryOf(url), now)).toEqual({ status: 'valid', subject: owner });
    expect(links.verify('/uploads/a.wav', queryOf(url), expiresAt)).toEqual({ status: 'expired' });
  });

  it('hands out the same URL within one expiry step, so players are not reloaded', () => {
    expect(links.sign('/uploads/a.wav', owner, now).url).toBe(links.sign('/uploads/a.wav', owner, new Date(now.getTime() + 60_000)).url);
  });

  it('refuses a link moved to another path, another subject, a later expiry, a changed signature or another key', () => {
    const query = queryOf(links.sign('/uploads/a.wav', owner, now).url);
    expect(links.verify('/uploads/b.wav', query, now).status).toBe('invalid');
    expect(links.verify('/uploads/a.wav', { ...query, sub: 'visitor' }, now).status).toBe('invalid');
    expect(links.verify('/uploads/a.wav', { ...query, exp: String(Number(query.exp) + 3_600_000) }, now).status).toBe('invalid');
    expect(links.verify('/uploads/a.wav', { ...query, sig: `${query.sig!.slice(0, -1)}${query.sig!.endsWith('A') ? 'B' : 'A'}` }, now).status).toBe('invalid');
    expect(mediaLinks(randomBytes(32)).verify('/uploads/a.wav', query, now).status).toBe('invalid');
    expect(links.verify('/uploads/a.wav', { sig: query.sig }, now).status).toBe('invalid');
    expect(links.verify('/uploads/a.wav', {}, now).status).toBe('unsigned');
  });
});
