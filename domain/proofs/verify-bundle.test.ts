// verifyBundle against bundles signed with Node's Ed25519 (as the server signs): each check's outcome and
// detail, and property tests that a bundle changed in any field of its statement or signature never verifies.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proofVerificationSchema, type ProofBundle } from '../contracts/proofs';
import { decodeBase64Url, statementHash, verifyBundle, type LedgerTransactionRecord, type TrustedKey } from './verify-bundle';

const TX_HASH = 'E3FE6EA3D48F0C2B639448020EA4F03D4F4F8FFDB243A852A0F59177921B4879';
const FILE = new TextEncoder().encode('RIFF....WAVEfmt the registered master');
const FILE_SHA256 = createHash('sha256').update(FILE).digest('hex');
const PLATFORM_ACCOUNT = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

interface TestKey extends TrustedKey {
  privateKey: KeyObject;
}

function newKey(): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'jwk' }).x ?? '';
  return { privateKey, publicKey: raw, keyId: `goose-${createHash('sha256').update(Buffer.from(raw, 'base64url')).digest('hex').slice(0, 16)}` };
}

const platformKey = newKey();
const forgerKey = newKey();
const trusted: TrustedKey[] = [{ keyId: platformKey.keyId, publicKey: platformKey.publicKey }];

/** A work certificate as infra/certificate signs it. */
function creationStatement(): Record<string, unknown> {
  return {
    certificateId: 'GOOSE-CERT-7F3A9C21B4D0',
    trackId: '0b9f5a52-6a35-4c1e-9a51-2d3c4e5f6a7b',
    title: 'Midnight Harbour',
    owner: 'ada',
    ownerId: 'c1f2e3d4-0000-4000-8000-000000000001',
    contentType: 'music',
    sha256: FILE_SHA256,
    fileName: 'midnight-harbour-master.wav',
    copyrightStatus: 'registered',
    publicVisibility: 'public',
    registrationDate: '2025-03-14T10:32:05.000Z',
    blockchainNetwork: 'XRPL testnet',
    walletAddress: PLATFORM_ACCOUNT,
    xrplTxHash: TX_HASH,
    ledgerStatus: 'validated',
    verificationStatus: 'verified',
    blockchainExplorer: { xrpscan: `https://testnet.xrpscan.com/tx/${TX_HASH}`, xrplorer: null, bithomp: null },
    clearanceScore: 91.5,
    verificationUrl: 'https://goose.example/verify/GOOSE-CERT-7F3A9C21B4D0',
    version: '1.0',
  };
}

function signedBundle(statement: Record<string, unknown>, key: TestKey = platformKey): ProofBundle {
  const canonical = canonicalize(statement) ?? '';
  return {
    format: 'goose-proof-bundle/1',
    statement,
    signature: {
      algorithm: 'Ed25519',
      canonicalization: 'RFC8785',
      keyId: key.keyId,
      publicKey: key.publicKey,
      value: sign(null, Buffer.from(canonical, 'utf8'), key.privateKey).toString('base64url'),
    },
  };
}

function validatedTransaction(overrides: Partial<LedgerTransactionRecord> = {}): LedgerTransactionRecord {
  return { validated: true, ledgerIndex: 4_812_003, engineResult: 'tesSUCCESS', memo: { sha256: FILE_SHA256, certificateId: 'GOOSE-CERT-7F3A9C21B4D0' }, account: PLATFORM_ACCOUNT, ...overrides };
}

const outcomes = (result: Awaited<ReturnType<typeof verifyBundle>>) => Object.fromEntries(result.checks.map((check) => [check.check, check.outcome]));
const detailOf = (result: Awaited<ReturnType<typeof verifyBundle>>, check: string) => result.checks.find((entry) => entry.check === check)?.detail ?? '';

describe('verifyBundle', () => {
  it('passes a bundle signed with the trusted key, its file and its validated ledger transaction', async () => {
    const lookedUp: string[] = [];
    const result = await verifyBundle(signedBundle(creationStatement()), {
      trustedKeys: trusted,
      fileBytes: FILE,
      ledger: async (hash) => {
        lookedUp.push(hash);
        return validatedTransaction();
      },
    });

    expect(proofVerificationSchema.parse(result)).toEqual(result);
    expect(result.valid).toBe(true);
    expect(outcomes(result)).toEqual({ signature: 'passed', file_hash: 'passed', ledger_transaction: 'passed' });
    expect(lookedUp).toEqual([TX_HASH]);
    expect(detailOf(result, 'ledger_transaction')).toContain('ledger 4812003');
  });

  it('survives a JSON round trip with the keys in another order (the signature covers the canonical form)', async () => {
    const bundle = signedBundle(creationStatement());
    const reordered = JSON.parse(JSON.stringify({ signature: bundle.signature, statement: Object.fromEntries(Object.entries(bundle.statement).reverse()), format: bundle.format })) as unknown;

    expect((await verifyBundle(reordered, { trustedKeys: trusted })).valid).toBe(true);
  });

  it('says what it did not check when neither file nor ledger is given', async () => {
    const result = await verifyBundle(signedBundle(creationStatement()), { trustedKeys: trusted, noLedgerReason: 'XRPL_URL is not set' });

    expect(result.valid).toBe(true);
    expect(outcomes(result)).toEqual({ signature: 'passed', file_hash: 'not_checked', ledger_transaction: 'not_checked' });
    expect(detailOf(result, 'file_hash')).toBe('Not checked: no file was given to compare with the statement.');
    expect(detailOf(result, 'ledger_transaction')).toBe('Not checked: XRPL_URL is not set.');
  });

  it('fails a bundle signed by a key that is not trusted, even though its own key verifies it', async () => {
    const result = await verifyBundle(signedBundle(creationStatement(), forgerKey), { trustedKeys: trusted });

    expect(result.valid).toBe(false);
    expect(detailOf(result, 'signature')).toContain("not GOOSE's published key");
  });

  it('fails a bundle that carries the trusted public key under another key id', async () => {
    const bundle = signedBundle(creationStatement());
    const result = await verifyBundle({ ...bundle, signature: { ...bundle.signature, keyId: 'goose-0000000000000000' } }, { trustedKeys: trusted });

    expect(result.valid).toBe(false);
    expect(detailOf(result, 'signature')).toContain('names key id goose-0000000000000000');
  });

  it('fails without any trusted key', async () => {
    const result = await verifyBundle(signedBundle(creationStatement()), { trustedKeys: [] });

    expect(result.valid).toBe(false);
    expect(detailOf(result, 'signature')).toContain('No trusted key');
  });

  it('fails a file that is not the registered one', async () => {
    const result = await verifyBundle(signedBundle(creationStatement()), { trustedKeys: trusted, fileBytes: new TextEncoder().encode('another file') });

    expect(result.valid).toBe(false);
    expect(outcomes(result)).toMatchObject({ signature: 'passed', file_hash: 'failed' });
    expect(detailOf(result, 'file_hash')).toContain(`the statement says ${FILE_SHA256}`);
  });

  it('reads the file hash of a license certificate from workSha256', async () => {
    const statement = { certificateId: 'GOOSE-LIC-1', licenseId: 'lic-1', workSha256: FILE_SHA256 };
    const result = await verifyBundle(signedBundle(statement), { trustedKeys: trusted, fileBytes: FILE });

    expect(outcomes(result)).toEqual({ signature: 'passed', file_hash: 'passed', ledger_transaction: 'not_checked' });
    expect(detailOf(result, 'ledger_transaction')).toBe('Not checked: the statement names no ledger transaction.');
  });

  it.each([
    ['the ledger does not hold it', null, 'does not hold transaction'],
    ['it is not validated', validatedTransaction({ validated: false }), 'not validated yet'],
    ['it failed on the ledger', validatedTransaction({ engineResult: 'tecNO_PERMISSION' }), 'tecNO_PERMISSION'],
    ['another account sent it', validatedTransaction({ account: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' }), 'not by rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'],
    ['it has no registration memo', validatedTransaction({ memo: null }), 'no GOOSE registration memo'],
    ['its memo records another file', validatedTransaction({ memo: { sha256: 'a'.repeat(64), certificateId: 'GOOSE-CERT-7F3A9C21B4D0' } }), "not the statement's certificate"],
    ['its memo records another certificate', validatedTransaction({ memo: { sha256: FILE_SHA256, certificateId: 'GOOSE-CERT-OTHER' } }), "not the statement's certificate"],
  ])('fails the ledger check when %s', async (_case, transaction, detail) => {
    const result = await verifyBundle(signedBundle(creationStatement()), { trustedKeys: trusted, ledger: async () => transaction });

    expect(result.valid).toBe(false);
    expect(outcomes(result)).toMatchObject({ signature: 'passed', ledger_transaction: 'failed' });
    expect(detailOf(result, 'ledger_transaction')).toContain(detail);
  });

  it('reports an unreachable ledger as not checked, not as a forgery', async () => {
    const result = await verifyBundle(signedBundle(creationStatement()), {
      trustedKeys: trusted,
      ledger: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    });

    expect(result.valid).toBe(true);
    expect(detailOf(result, 'ledger_transaction')).toContain('could not be asked');
    expect(detailOf(result, 'ledger_transaction')).toContain('ECONNREFUSED');
  });

  it.each([
    ['not an object', 'hello'],
    ['another format', { ...signedBundle(creationStatement()), format: 'goose-proof-bundle/2' }],
    ['no signature', { format: 'goose-proof-bundle/1', statement: creationStatement() }],
  ])('fails a document that is %s', async (_case, document) => {
    const result = await verifyBundle(document, { trustedKeys: trusted });

    expect(result.valid).toBe(false);
    expect(detailOf(result, 'signature')).toContain('not a GOOSE proof bundle');
  });

  it('hashes the canonical statement, whatever the key order', () => {
    const statement = creationStatement();
    const reversed = Object.fromEntries(Object.entries(statement).reverse());

    expect(statementHash(reversed)).toBe(statementHash(statement));
    expect(statementHash(statement)).toBe(createHash('sha256').update(canonicalize(statement) ?? '').digest('hex'));
  });
});

describe('a tampered bundle never verifies', () => {
  const original = signedBundle(creationStatement());
  const canonicalOriginal = canonicalize(original.statement);
  const verifies = async (bundle: unknown) => (await verifyBundle(bundle, { trustedKeys: trusted })).valid;

  it('when any statement field takes any other JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(original.statement)), fc.jsonValue(), async (field, value) => {
        const statement = { ...original.statement, [field]: value };
        fc.pre(canonicalize(statement) !== canonicalOriginal);
        expect(await verifies({ ...original, statement })).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('when a nested statement field takes any other JSON value', async () => {
    const explorer = original.statement.blockchainExplorer as Record<string, unknown>;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(explorer)), fc.jsonValue(), async (field, value) => {
        const statement = { ...original.statement, blockchainExplorer: { ...explorer, [field]: value } };
        fc.pre(canonicalize(statement) !== canonicalOriginal);
        expect(await verifies({ ...original, statement })).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('when the signature value or the public key is padded', async () => {
    expect(await verifies({ ...original, signature: { ...original.signature, value: `${original.signature.value}==` } })).toBe(false);
    expect(await verifies({ ...original, signature: { ...original.signature, publicKey: `${original.signature.publicKey}=` } })).toBe(false);
  });

  it('when a statement field is removed or one is added', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(original.statement)), async (field) => {
        const { [field]: _removed, ...statement } = original.statement;
        expect(await verifies({ ...original, statement })).toBe(false);
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }).filter((name) => !(name in original.statement)), fc.jsonValue(), async (field, value) => {
        expect(await verifies({ ...original, statement: { ...original.statement, [field]: value } })).toBe(false);
      }),
    );
  });

  it('when any bit of the signature value flips', async () => {
    const bytes = decodeBase64Url(original.signature.value) ?? new Uint8Array();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: bytes.length * 8 - 1 }), async (bit) => {
        const flipped = Uint8Array.from(bytes);
        flipped[bit >> 3] = (flipped[bit >> 3] ?? 0) ^ (1 << (bit & 7));
        const value = Buffer.from(flipped).toString('base64url');
        expect(await verifies({ ...original, signature: { ...original.signature, value } })).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('when any signature field takes another string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...(Object.keys(original.signature) as (keyof ProofBundle['signature'])[])), fc.string(), async (field, value) => {
        fc.pre(original.signature[field] !== value);
        expect(await verifies({ ...original, signature: { ...original.signature, [field]: value } })).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('when the signature value is spelled with non-zero unused bits', async () => {
    const value = original.signature.value;
    const last = value.at(-1) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = value.slice(0, -1) + alphabet[alphabet.indexOf(last) ^ 1];

    expect(Buffer.from(respelled, 'base64url').equals(Buffer.from(value, 'base64url'))).toBe(true);
    expect(await verifies({ ...original, signature: { ...original.signature, value: respelled } })).toBe(false);
  });
});

describe('decodeBase64Url', () => {
  it('decodes what Node encodes, for every length', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(decodeBase64Url(Buffer.from(bytes).toString('base64url'))).toEqual(bytes);
      }),
    );
  });

  it('refuses stray characters and padding (a second spelling of the same bytes)', () => {
    expect(decodeBase64Url('ab+c')).toBeNull();
    expect(decodeBase64Url('ab c')).toBeNull();
    expect(decodeBase64Url('QQ')).toEqual(new Uint8Array([0x41]));
    expect(decodeBase64Url('QQ==')).toBeNull();
  });
});
