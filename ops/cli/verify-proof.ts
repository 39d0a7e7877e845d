// `npm run verify-proof -- <bundle.json> [--file <path>] [--key <public key or key file>]`: checks a
// proof bundle downloaded from GET /api/proofs/:id/bundle without trusting the server: the
// Ed25519 signature over the statement's canonical JSON with GOOSE's published key (--key: the
// base64url public key, a PEM file, or the JSON of GET /api/certificate-key), the file's SHA-256
// when --file is given, and the ledger transaction through XRPL_URL when it is set. Without --key
// the bundle's own key is used, which proves only that the statement was not changed, not who
// signed it: said loudly. One line per check on stdout; exit 1 when any check fails, 2 for a bad
// command line or an unreadable bundle.
import { createHash, createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { verifyBundle, type TrustedKey } from '../../domain/proofs/verify-bundle';
import { xrplTransactionLookup } from '../../infra/xrpl/transaction-lookup';
import { fail, parseCommandLine } from './command-line';

const USAGE = 'usage: npm run verify-proof -- <bundle.json> [--file <path>] [--key=<base64url public key | PEM file | certificate-key JSON file>]';

const UNTRUSTED_KEY_WARNING = [
  '!!! WARNING: no --key given. Checking the signature with the public key INSIDE the bundle.',
  '!!! That proves only that the statement was not changed after it was signed by whoever holds that key,',
  "!!! NOT that GOOSE signed it. Pass GOOSE's published key (GET /api/certificate-key) with --key to prove that.",
].join('\n');

async function main(): Promise<void> {
  const { input, values } = parseCommandLine({ file: { type: 'string' }, key: { type: 'string' } }, USAGE);
  const text = await readFile(input, 'utf8').catch((error: unknown) => fail(`cannot read ${input}: ${(error as Error).message}`, 2));
  let bundle: unknown;
  try {
    bundle = JSON.parse(text);
  } catch {
    fail(`${input} is not JSON: is it the file GET /api/proofs/<id>/bundle downloads?`, 2);
  }
  let trustedKeys: TrustedKey[];
  if (values.key) {
    trustedKeys = [await trustedKeyFrom(values.key)];
  } else {
    process.stderr.write(`${UNTRUSTED_KEY_WARNING}\n`);
    const own = (bundle as { signature?: { keyId?: unknown; publicKey?: unknown } } | null)?.signature;
    trustedKeys = typeof own?.keyId === 'string' && typeof own.publicKey === 'string' ? [{ keyId: own.keyId, publicKey: own.publicKey }] : [];
  }
  const fileBytes = values.file ? await readFile(values.file).catch((error: unknown) => fail(`cannot read ${values.file}: ${(error as Error).message}`, 2)) : undefined;
  const xrplUrl = process.env.XRPL_URL?.trim();
  const result = await verifyBundle(bundle, {
    trustedKeys,
    fileBytes: fileBytes ? new Uint8Array(fileBytes) : undefined,
    ledger: xrplUrl ? xrplTransactionLookup(xrplUrl) : undefined,
    noLedgerReason: 'XRPL_URL is not set',
  });
  for (const check of result.checks) process.stdout.write(`${check.check}: ${check.outcome.replace('_', ' ')} - ${check.detail}\n`);
  const integrityOnly = !values.key && result.valid ? ' (integrity only: the signer was not checked against a trusted key)' : '';
  process.stdout.write(result.valid ? `VALID${integrityOnly}\n` : 'INVALID\n');
  process.exit(result.valid ? 0 : 1);
}

/** --key: a base64url raw Ed25519 public key, or a file holding a PEM public key or GET /api/certificate-key's JSON. */
async function trustedKeyFrom(value: string): Promise<TrustedKey> {
  const fromFile = await readFile(value, 'utf8').catch(() => null);
  if (fromFile === null) return keyWithDerivedId(value.trim());
  const content = fromFile.trim();
  if (content.startsWith('{')) {
    const published = JSON.parse(content) as { keyId?: unknown; publicKey?: unknown };
    if (typeof published.publicKey !== 'string') fail(`${value} has no publicKey field`, 2);
    return typeof published.keyId === 'string' ? { keyId: published.keyId, publicKey: published.publicKey } : keyWithDerivedId(published.publicKey);
  }
  try {
    const x = createPublicKey(content).export({ format: 'jwk' }).x;
    if (!x) throw new Error('not an Ed25519 key');
    return keyWithDerivedId(x);
  } catch {
    return fail(`${value} holds neither a PEM public key nor the JSON of GET /api/certificate-key`, 2);
  }
}

/** GOOSE names its key 'goose-' + the first 16 hex digits of the SHA-256 of the raw public key. */
function keyWithDerivedId(publicKey: string): TrustedKey {
  if (!/^[A-Za-z0-9_-]{43}$/.test(publicKey)) fail(`--key ${publicKey} is not a base64url Ed25519 public key, nor a readable key file`, 2);
  return { keyId: `goose-${createHash('sha256').update(Buffer.from(publicKey, 'base64url')).digest('hex').slice(0, 16)}`, publicKey };
}

main().catch((error: unknown) => fail(`verify-proof failed: ${(error as Error).message}`, 2));
