// Password reset links: signed, expiring, and refused when altered or signed under another key.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPasswordResetTokens, passwordResetTokens } from './password-reset-tokens';

const link = { userId: randomUUID(), resetId: randomUUID(), expiresAt: new Date('2026-11-29T12:30:00.000Z') };
const tokens = passwordResetTokens(randomBytes(32));

describe('password reset tokens', () => {
  it('verifies what it signed until the expiry, then says expired', () => {
    const token = tokens.sign(link);
    expect(tokens.verify(token, new Date('2026-11-29T12:29:59.000Z'))).toEqual({ status: 'valid', link });
    expect(tokens.verify(token, new Date('2026-11-29T12:30:00.000Z'))).toEqual({ status: 'expired', link });
  });

  it('refuses an altered payload, an altered MAC, another key\'s token and garbage', () => {
    const token = tokens.sign(link);
    const [payload, mac] = token.split('.') as [string, string];
    const later = Buffer.from(`${link.userId}\n${link.resetId}\n${link.expiresAt.getTime() + 86_400_000}`).toString('base64url');
    expect(tokens.verify(`${later}.${mac}`).status).toBe('invalid');
    expect(tokens.verify(`${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`).status).toBe('invalid');
    expect(tokens.verify(passwordResetTokens(randomBytes(32)).sign(link)).status).toBe('invalid');
    for (const bad of ['', 'x', `${payload}.`, `${payload}.${mac}.x`]) expect(tokens.verify(bad).status).toBe('invalid');
  });

  it('keeps one key per data folder, so links survive a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-reset-key-'));
    try {
      const token = (await loadPasswordResetTokens(dataDir)).sign(link);
      expect((await loadPasswordResetTokens(dataDir)).verify(token, new Date('2026-11-29T12:00:00.000Z')).status).toBe('valid');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
