// The wallet key box: sealing round-trips, a sealed key under another key or altered is refused,
// WALLET_ENCRYPTION_KEY is parsed (and a bad one named without quoting it), and the generated key
// file is private and kept.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyBox, loadWalletKeyBox, parseWalletEncryptionKey } from './key-box';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('wallet key box', () => {
  it('seals a key into a value that does not contain it and opens it back', () => {
    const box = keyBox(randomBytes(32));
    const secret = `0x${randomBytes(32).toString('hex')}`;
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret.slice(2));
    expect(sealed.startsWith(`v1.${box.keyId}.`)).toBe(true);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
  });

  it('refuses a value sealed under another key, and an altered one', () => {
    const box = keyBox(randomBytes(32));
    const sealed = box.seal('sEdSecretSeed');
    expect(() => keyBox(randomBytes(32)).open(sealed)).toThrow(/sealed under encryption key/);
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[4]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[4] = ciphertext.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow(/altered/);
  });

  it('reads WALLET_ENCRYPTION_KEY as 64 hex characters or base64 of 32 bytes, and names a malformed one without quoting it', () => {
    const key = randomBytes(32);
    expect(parseWalletEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseWalletEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseWalletEncryptionKey(undefined)).toBeNull();
    expect(parseWalletEncryptionKey('  ')).toBeNull();
    const bad = 'not-a-key-but-a-secret-all-the-same';
    expect(() => parseWalletEncryptionKey(bad)).toThrow(/WALLET_ENCRYPTION_KEY must be 64 hex characters or the base64 of 32 bytes/);
    expect(() => parseWalletEncryptionKey(bad)).not.toThrow(new RegExp(bad));
    expect(() => parseWalletEncryptionKey(randomBytes(16).toString('hex'))).toThrow(/WALLET_ENCRYPTION_KEY/);
  });

  it('generates the key file once (mode 0600) and keeps using it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-keybox-'));
    dirs.push(dataDir);
    const first = await loadWalletKeyBox(dataDir, null);
    const keyPath = path.join(dataDir, 'keys', 'wallet-encryption.key');
    expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
    expect((await readFile(keyPath, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    const second = await loadWalletKeyBox(dataDir, null);
    expect(second.keyId).toBe(first.keyId);
    expect(second.open(first.seal('kept'))).toBe('kept');
    const fromEnv = await loadWalletKeyBox(dataDir, randomBytes(32));
    expect(fromEnv.keyId).not.toBe(first.keyId);
  });
});
