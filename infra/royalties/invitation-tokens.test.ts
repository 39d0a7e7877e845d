// Invitation tokens: what one signs, it verifies; an altered token, or one from another key, names nothing.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { invitationTokens, loadInvitationTokens } from './invitation-tokens';

const subject = { contentId: '3f1e2d4c-5b6a-4978-8a9b-0c1d2e3f4a5b', receiverId: '00000000-0000-4000-8000-0000000000a1' };

describe('invitation tokens', () => {
  const tokens = invitationTokens(randomBytes(32));

  it('verifies what it signed, as a URL-safe token', () => {
    const token = tokens.sign(subject);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(tokens.verify(token)).toEqual(subject);
  });

  it('names nothing for a token with any character changed, a forged MAC, or another key', () => {
    const token = tokens.sign(subject);
    for (let index = 0; index < token.length; index += 1) {
      if (token[index] === '.') continue;
      const altered = token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);
      expect(tokens.verify(altered), `changed at ${index}`).toBeNull();
    }
    expect(invitationTokens(randomBytes(32)).verify(token)).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(tokens.verify(`${token}.x`)).toBeNull();
  });

  it('keeps one key under the data folder: a token signed before a restart still verifies', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-invitation-key-'));
    try {
      const token = (await loadInvitationTokens(dataDir)).sign(subject);
      expect((await loadInvitationTokens(dataDir)).verify(token)).toEqual(subject);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
