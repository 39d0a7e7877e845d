// The waiting list's secrets: one entry id per address whatever its case or spaces; a link and a
// status token verify only as signed (an altered token, one under another key, or a status token
// offered as a link, is refused); a link past its expiry says so; affiliate codes do not repeat.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newAffiliateCode, newLinkId, waitingListSecrets } from './waiting-list-tokens';

const secrets = waitingListSecrets(randomBytes(32));
const other = waitingListSecrets(randomBytes(32));

describe('waiting list secrets', () => {
  it('derives one entry id per address, whatever its case and surrounding spaces, and another under another key', () => {
    const id = secrets.entryIdOf('Ana@Example.com');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(secrets.entryIdOf('  ana@example.COM ')).toBe(id);
    expect(secrets.entryIdOf('bo@example.com')).not.toBe(id);
    expect(other.entryIdOf('ana@example.com')).not.toBe(id);
  });

  it('verifies a link as signed, says when it expired, and refuses an altered or foreign one', () => {
    const link = { entryId: secrets.entryIdOf('ana@example.com'), linkId: newLinkId(), expiresAt: new Date('2026-12-01T00:00:00Z') };
    const token = secrets.signLink(link);
    expect(secrets.verifyLink(token, new Date('2026-11-30T00:00:00Z'))).toEqual({ status: 'valid', link });
    expect(secrets.verifyLink(token, new Date('2026-12-02T00:00:00Z'))).toEqual({ status: 'expired', link });
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(`${link.entryId}\n${link.linkId}\n${Date.parse('2099-01-01')}`).toString('base64url');
    expect(secrets.verifyLink(`${forged}.${mac}`)).toEqual({ status: 'invalid' });
    const altered = `${mac![0] === 'A' ? 'B' : 'A'}${mac!.slice(1)}`;
    expect(secrets.verifyLink(`${payload}.${altered}`).status).toBe('invalid');
    expect(other.verifyLink(token).status).toBe('invalid');
    expect(secrets.verifyLink('not a token').status).toBe('invalid');
  });

  it('verifies a status token for its entry only, and never as a link (nor a link as a status token)', () => {
    const entryId = secrets.entryIdOf('ana@example.com');
    const status = secrets.signStatus(entryId);
    expect(secrets.verifyStatus(status)).toBe(entryId);
    expect(other.verifyStatus(status)).toBeNull();
    expect(secrets.verifyLink(status).status).toBe('invalid');
    expect(secrets.verifyStatus(secrets.signLink({ entryId, linkId: newLinkId(), expiresAt: new Date() }))).toBeNull();
  });

  it('makes affiliate codes of 96 random bits that do not repeat', () => {
    const codes = new Set(Array.from({ length: 10_000 }, newAffiliateCode));
    expect(codes.size).toBe(10_000);
    for (const code of [...codes].slice(0, 10)) expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});
