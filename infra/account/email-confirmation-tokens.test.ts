// E-mail confirmation links: what one key signs it verifies until the link expires; an altered
// link, or one signed with another key, confirms nothing.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailConfirmationTokens, loadEmailConfirmationTokens } from './email-confirmation-tokens';

const confirmation = { userId: '3f1e2d4c-5b6a-4978-8a9b-0c1d2e3f4a5b', email: 'ada@example.org', expiresAt: new Date('2026-11-30T09:00:00.000Z') };
const before = new Date('2026-11-30T08:59:59.000Z');

describe('e-mail confirmation tokens', () => {
  const tokens = emailConfirmationTokens(randomBytes(32));

  it('verifies what it signed, as a URL-safe token, until it expires', () => {
    const token = tokens.sign(confirmation);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(tokens.verify(token, before)).toEqual({ status: 'valid', confirmation });
    expect(tokens.verify(token, confirmation.expiresAt)).toEqual({ status: 'expired', confirmation });
  });

  it('confirms nothing for a token with any character changed, another key, or no token at all', () => {
    const token = tokens.sign(confirmation);
    for (let index = 0; index < token.length; index += 1) {
      if (token[index] === '.') continue;
      const altered = token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);
      expect(tokens.verify(altered, before).status, `changed at ${index}`).toBe('invalid');
    }
    expect(emailConfirmationTokens(randomBytes(32)).verify(token, before).status).toBe('invalid');
    expect(tokens.verify('', before).status).toBe('invalid');
    expect(tokens.verify(`${token}.x`, before).status).toBe('invalid');
  });

  it('keeps one key under the data folder: a link mailed before a restart still works', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-email-key-'));
    try {
      const token = (await loadEmailConfirmationTokens(dataDir)).sign(confirmation);
      expect((await loadEmailConfirmationTokens(dataDir)).verify(token, before).status).toBe('valid');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
