// Checks a downloaded proof bundle without trusting the server that produced it: the Ed25519
// signature over the statement's RFC 8785 canonical JSON, made with a key the checker already
// trusts (GOOSE's published key), the file's SHA-256 against the statement, and the ledger
// transaction the statement names. Pure (no Node built-ins) so the same code runs in
// `npm run verify-proof` and in the browser's /verify page.
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import canonicalize from 'canonicalize';
import { proofBundleSchema, type ProofBundle, type ProofVerification } from '../contracts/proofs';

/** A key the checker trusts, e.g. GET /api/certificate-key's keyId and publicKey (raw 32 bytes, base64url). */
export interface TrustedKey {
  keyId: string;
  publicKey: string;
}

/** The ledger's answer about one transaction (structurally infra/xrpl's LedgerTransaction). */
export interface LedgerTransactionRecord {
  validated: boolean;
  ledgerIndex: number | null;
  engineResult: string | null;
  memo: { sha256: string; certificateId: string } | null;
  account: string;
}

/** Looks a transaction up by hash; null when the ledger does not hold it. May throw when unreachable. */
export type LedgerLookup = (txHash: string) => Promise<LedgerTransactionRecord | null>;

export interface VerifyBundleOptions {
  /** The keys accepted as GOOSE's. A bundle signed with any other key fails, however well formed. */
  trustedKeys: readonly TrustedKey[];
  /** The registered file's bytes, to compare with the statement's SHA-256. */
  fileBytes?: Uint8Array;
  /** How to ask the ledger about the statement's transaction. */
  ledger?: LedgerLookup;
  /** Said in the ledger check's detail when no ledger is given, e.g. "XRPL_URL is not set". */
  noLedgerReason?: string;
}

type Check = ProofVerification['checks'][number];

const ED25519_PUBLIC_KEY_BYTES = 32;
const ED25519_SIGNATURE_BYTES = 64;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const TX_HASH = /^[0-9A-F]{64}$/;
/** Where statements carry the hash of the file they are about: a work certificate, then a license certificate. */
const FILE_HASH_FIELDS = ['sha256', 'workSha256'] as const;

export async function verifyBundle(bundle: unknown, options: VerifyBundleOptions): Promise<ProofVerification> {
  const parsed = proofBundleSchema.safeParse(bundle);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'the document';
    const detail = `This is not a GOOSE proof bundle (goose-proof-bundle/1): ${where} is missing or malformed.`;
    return {
      valid: false,
      checks: [
        { check: 'signature', outcome: 'failed', detail },
        { check: 'file_hash', outcome: 'not_checked', detail: 'Not checked: the bundle could not be read.' },
        { check: 'ledger_transaction', outcome: 'not_checked', detail: 'Not checked: the bundle could not be read.' },
      ],
    };
  }
  const checks = [signatureCheck(parsed.data, options.trustedKeys), fileHashCheck(parsed.data.statement, options.fileBytes), await ledgerCheck(parsed.data.statement, options)];
  return { valid: checks[0]?.outcome === 'passed' && checks.every((check) => check.outcome !== 'failed'), checks };
}

/** The exact bytes that are signed: the statement's RFC 8785 canonical JSON, UTF-8. */
export function canonicalStatementBytes(statement: Record<string, unknown>): Uint8Array {
  const canonical = canonicalize(statement);
  if (canonical === undefined) throw new Error('The statement has no JSON form');
  return new TextEncoder().encode(canonical);
}

/** SHA-256 of the canonical statement, hex: what a proof's attestation calls its blockchain hash. */
export function statementHash(statement: Record<string, unknown>): string {
  return bytesToHex(sha256(canonicalStatementBytes(statement)));
}

function signatureCheck(bundle: ProofBundle, trustedKeys: readonly TrustedKey[]): Check {
  const { signature } = bundle;
  if (trustedKeys.length === 0) return failed('signature', 'No trusted key was given, so the signature cannot show that GOOSE made it.');
  const claimedKey = decodeBase64Url(signature.publicKey);
  if (!claimedKey || claimedKey.length !== ED25519_PUBLIC_KEY_BYTES) return failed('signature', "The bundle's public key is not an Ed25519 public key.");
  const trusted = trustedKeys.find((key) => sameBytes(decodeBase64Url(key.publicKey), claimedKey));
  if (!trusted) return failed('signature', `The bundle was signed with a key that is not GOOSE's published key (it names ${signature.keyId}).`);
  if (trusted.keyId !== signature.keyId) return failed('signature', `The bundle names key id ${signature.keyId}, but its public key is the trusted key ${trusted.keyId}.`);
  const signatureBytes = decodeBase64Url(signature.value);
  if (!signatureBytes || signatureBytes.length !== ED25519_SIGNATURE_BYTES) return failed('signature', 'The signature value is malformed.');
  let message: Uint8Array;
  try {
    message = canonicalStatementBytes(bundle.statement);
  } catch {
    return failed('signature', 'The statement cannot be put in canonical form.');
  }
  // zip215 off: the strict RFC 8032 rules, the same Node's crypto applies when the server signs.
  return ed25519.verify(signatureBytes, message, claimedKey, { zip215: false })
    ? { check: 'signature', outcome: 'passed', detail: `Ed25519 signature over the RFC 8785 canonical statement verifies with the trusted key ${trusted.keyId}.` }
    : failed('signature', 'The signature does not match the statement: it was changed after GOOSE signed it, or GOOSE never signed it.');
}

function fileHashCheck(statement: Record<string, unknown>, fileBytes: Uint8Array | undefined): Check {
  const field = FILE_HASH_FIELDS.find((name) => typeof statement[name] === 'string');
  if (!field) return notChecked('file_hash', 'Not checked: the statement names no file hash.');
  const expected = String(statement[field]);
  if (!SHA256_HEX.test(expected)) return failed('file_hash', `The statement's ${field} is not a SHA-256 hash.`);
  if (!fileBytes) return notChecked('file_hash', 'Not checked: no file was given to compare with the statement.');
  const actual = bytesToHex(sha256(fileBytes));
  return actual === expected
    ? { check: 'file_hash', outcome: 'passed', detail: `The file's SHA-256 ${actual} is the one in the statement.` }
    : failed('file_hash', `The file's SHA-256 is ${actual}; the statement says ${expected}. It is not the registered file.`);
}

async function ledgerCheck(statement: Record<string, unknown>, options: VerifyBundleOptions): Promise<Check> {
  const txHash = statement.xrplTxHash;
  if (typeof txHash !== 'string') return notChecked('ledger_transaction', 'Not checked: the statement names no ledger transaction.');
  if (!TX_HASH.test(txHash)) return failed('ledger_transaction', "The statement's xrplTxHash is not an XRPL transaction hash.");
  if (!options.ledger) return notChecked('ledger_transaction', `Not checked: ${options.noLedgerReason ?? 'no ledger was given to ask'}.`);
  let transaction: LedgerTransactionRecord | null;
  try {
    transaction = await options.ledger(txHash);
  } catch (error) {
    return notChecked('ledger_transaction', `Not checked: the ledger could not be asked about ${txHash} (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!transaction) return failed('ledger_transaction', `The ledger does not hold transaction ${txHash}.`);
  if (!transaction.validated) return failed('ledger_transaction', `Transaction ${txHash} is on the ledger but not validated yet.`);
  if (transaction.engineResult !== null && transaction.engineResult !== 'tesSUCCESS') {
    return failed('ledger_transaction', `Transaction ${txHash} was validated with result ${transaction.engineResult}, not tesSUCCESS.`);
  }
  const wallet = statement.walletAddress;
  if (typeof wallet === 'string' && transaction.account !== wallet) {
    return failed('ledger_transaction', `Transaction ${txHash} was sent by ${transaction.account}, not by ${wallet} as the statement says.`);
  }
  const { memo } = transaction;
  if (!memo) return failed('ledger_transaction', `Transaction ${txHash} carries no GOOSE registration memo.`);
  if (memo.sha256 !== statement.sha256 || memo.certificateId !== statement.certificateId) {
    return failed('ledger_transaction', `The memo of transaction ${txHash} records ${memo.certificateId} / ${memo.sha256}, not the statement's certificate and file hash.`);
  }
  const where = transaction.ledgerIndex === null ? '' : ` in ledger ${transaction.ledgerIndex}`;
  return { check: 'ledger_transaction', outcome: 'passed', detail: `Transaction ${txHash} is validated${where} and its memo records certificate ${memo.certificateId} and the file's SHA-256.` };
}

function failed(check: Check['check'], detail: string): Check {
  return { check, outcome: 'failed', detail };
}

function notChecked(check: Check['check'], detail: string): Check {
  return { check, outcome: 'not_checked', detail };
}

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Strict unpadded base64url, as GOOSE writes keys and signatures: null for padding, stray
 * characters or unused bits that are not zero, so two spellings can never name one key or one
 * signature (a changed bundle never verifies).
 */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of text) {
    buffer = ((buffer << 6) | BASE64URL_ALPHABET.indexOf(char)) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (buffer >> bits) & 0xff;
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}

function sameBytes(left: Uint8Array | null, right: Uint8Array): boolean {
  return left !== null && left.length === right.length && left.every((byte, index) => byte === right[index]);
}
