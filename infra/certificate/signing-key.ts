// The platform's Ed25519 key that signs copyright certificates. Its public half is published so
// anyone can check a certificate without trusting the server that shows it. The key comes from
// CERTIFICATE_SIGNING_KEY when set; otherwise it is generated once and kept under the data folder.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { publishKeyFileOnce, readKeyFileIfExists } from '../keys/key-file';
import { logger } from '../logger/logger';

export interface CertificateSigningKey {
  /** 'goose-' + the first 16 hex digits of the SHA-256 of the raw public key. */
  keyId: string;
  /** The raw 32-byte Ed25519 public key, base64url. */
  publicKeyBase64: string;
  /** The same public key as an SPKI PEM. */
  publicKeyPem: string;
  /** Signs message with the private key; returns the 64-byte signature, base64url. */
  sign(message: Buffer): string;
}

const SIGNING_KEY_ENV = 'CERTIFICATE_SIGNING_KEY';
const KEY_FILE = path.join('keys', 'certificate-ed25519.pem');

const log = logger.child({ module: 'certificate-signing-key' });

export async function loadCertificateSigningKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<CertificateSigningKey> {
  const fromEnv = env[SIGNING_KEY_ENV];
  if (fromEnv?.trim()) {
    // Env files often carry a PEM on one line with literal \n separators.
    const key = signingKeyFromPem(fromEnv.replace(/\\n/g, '\n'), SIGNING_KEY_ENV);
    log.info({ keyId: key.keyId, source: SIGNING_KEY_ENV }, 'certificate signing key loaded');
    return key;
  }
  const keyPath = path.join(dataDir, KEY_FILE);
  const stored = await readKeyFileIfExists(keyPath);
  const key = signingKeyFromPem(stored ?? (await createKeyFile(keyPath)), keyPath);
  log.info({ keyId: key.keyId, source: keyPath, generated: stored === null }, 'certificate signing key loaded');
  return key;
}

/** Generates a signing key and publishes it once (infra/keys/key-file.ts). */
async function createKeyFile(keyPath: string): Promise<string> {
  const { privateKey } = generateKeyPairSync('ed25519');
  return publishKeyFileOnce(keyPath, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
}

function signingKeyFromPem(pem: string, source: string): CertificateSigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    // The parser's message is dropped on purpose: it could quote the key material.
    throw new Error(`${source} does not hold a PEM private key`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${source} holds a ${privateKey.asymmetricKeyType ?? 'unknown'} key; certificates need an Ed25519 key`);
  }
  const publicKey = createPublicKey(privateKey);
  const publicKeyBase64 = publicKey.export({ format: 'jwk' }).x;
  if (!publicKeyBase64) throw new Error(`${source}: the Ed25519 public key could not be exported`);
  return {
    keyId: `goose-${createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64url')).digest('hex').slice(0, 16)}`,
    publicKeyBase64,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sign: (message) => sign(null, message, privateKey).toString('base64url'),
  };
}
