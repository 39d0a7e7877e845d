// Seals users' wallet keys at rest with AES-256-GCM. The 32-byte key comes from
// WALLET_ENCRYPTION_KEY (64 hex characters or base64 of 32 bytes) or, when that is unset, from
// data/keys/wallet-encryption.key, generated once (mode 0600). A sealed key names the key that
// sealed it (the first 16 hex digits of the key's SHA-256), so a key changed under stored wallets
// fails loudly instead of decrypting garbage.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { publishKeyFileOnce, readKeyFileIfExists } from '../keys/key-file';
import { logger } from '../logger/logger';

export const WALLET_KEY_ENV = 'WALLET_ENCRYPTION_KEY';
const KEY_FILE = path.join('keys', 'wallet-encryption.key');
const KEY_BYTES = 32;
const IV_BYTES = 12;
const FORMAT = 'v1';

export interface WalletKeyBox {
  /** The first 16 hex digits of the SHA-256 of the key: safe to log, says which key sealed a value. */
  readonly keyId: string;
  seal(plaintext: string): string;
  /** Throws when the value was sealed under another key or was altered. */
  open(sealed: string): string;
}

/** Parses WALLET_ENCRYPTION_KEY; null when unset. The message never quotes the value. */
export function parseWalletEncryptionKey(value: string | undefined): Buffer | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(text)) return Buffer.from(text, 'base64');
  throw new Error(`${WALLET_KEY_ENV} must be 64 hex characters or the base64 of 32 bytes (e.g. the output of \`openssl rand -hex 32\`); the value given is neither`);
}

export async function loadWalletKeyBox(dataDir: string, keyFromEnv: Buffer | null): Promise<WalletKeyBox> {
  if (keyFromEnv) {
    const box = keyBox(keyFromEnv);
    logger.info({ keyId: box.keyId, source: WALLET_KEY_ENV }, 'wallet encryption key loaded');
    return box;
  }
  const keyPath = path.join(dataDir, KEY_FILE);
  const stored = await readKeyFileIfExists(keyPath);
  const hex = (stored ?? (await createKeyFile(keyPath))).trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${keyPath} does not hold a 32-byte key in hex`);
  const box = keyBox(Buffer.from(hex, 'hex'));
  logger.info({ keyId: box.keyId, source: keyPath, generated: stored === null }, 'wallet encryption key loaded');
  return box;
}

export function keyBox(key: Buffer): WalletKeyBox {
  if (key.length !== KEY_BYTES) throw new Error(`A wallet encryption key has ${KEY_BYTES} bytes, this one ${key.length}`);
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return {
    keyId,
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      // The key id is authenticated too: a sealed value cannot be relabelled.
      cipher.setAAD(Buffer.from(`${FORMAT}.${keyId}`));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT, keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    open(sealed) {
      const [format, sealedBy, iv, tag, ciphertext] = sealed.split('.');
      if (format !== FORMAT || !sealedBy || !iv || !tag || !ciphertext) throw new Error('Not a sealed wallet key');
      if (sealedBy !== keyId) throw new Error(`This wallet key was sealed under encryption key ${sealedBy}, not the loaded key ${keyId}`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(`${FORMAT}.${keyId}`));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('A sealed wallet key failed its integrity check: it was altered');
      }
    },
  };
}

/** Generates the wallet key and publishes it once (infra/keys/key-file.ts). */
async function createKeyFile(keyPath: string): Promise<string> {
  return publishKeyFileOnce(keyPath, `${randomBytes(KEY_BYTES).toString('hex')}\n`);
}
