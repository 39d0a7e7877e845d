// `npm run verify-proof` as a user runs it (a tsx child process): a good bundle passes with the
// published key and the registered file; a tampered or forged one fails with exit 1; without
// --key it warns loudly; with XRPL_URL it checks the ledger transaction on a rippled stand-in.
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openXrplLedger, type XrplLedger } from '../../infra/xrpl/ledger';
import { signStatement, testSigningKey } from '../../tests/support/proof-events';
import { startRippledStandIn, type RippledStandIn } from '../../tests/support/rippled-stand-in';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const cli = path.join(root, 'ops/cli/verify-proof.ts');

const key = testSigningKey();
const forger = testSigningKey();
const fileBytes = new TextEncoder().encode('RIFF the registered master');
const sha256 = createHash('sha256').update(fileBytes).digest('hex');
let dir: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { XRPL_URL: _unset, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(tsx, [cli, ...args], { cwd: root, env: { ...inherited, LOG_STREAM: 'stderr', ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

function statement(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    certificateId: 'GOOSE-CERT-CLI1', trackId: randomUUID(), title: 'Midnight Rain', owner: 'ada', sha256, fileName: 'rain.wav',
    xrplTxHash: 'E3FE6EA3D48F0C2B639448020EA4F03D4F4F8FFDB243A852A0F59177921B4879', walletAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', ...overrides,
  };
}

async function bundleFile(name: string, signed: Record<string, unknown>, signer = key, tamper: (b: Record<string, unknown>) => Record<string, unknown> = (b) => b): Promise<string> {
  const file = path.join(dir, name);
  const bundle = { format: 'goose-proof-bundle/1', statement: signed, signature: signStatement(signed, signer) };
  await writeFile(file, JSON.stringify(tamper(bundle), null, 2));
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-verify-proof-'));
  await writeFile(path.join(dir, 'rain.wav'), fileBytes);
  await writeFile(path.join(dir, 'key.json'), JSON.stringify({ algorithm: 'Ed25519', keyId: key.keyId, publicKey: key.publicKey }));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run verify-proof', () => {
  it('passes a good bundle with the published key and the registered file; the ledger is not checked without XRPL_URL', async () => {
    const bundle = await bundleFile('good.json', statement());

    const result = await run([bundle, '--key', path.join(dir, 'key.json'), '--file', path.join(dir, 'rain.wav')]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`signature: passed - Ed25519 signature over the RFC 8785 canonical statement verifies with the trusted key ${key.keyId}.`);
    expect(result.stdout).toContain(`file_hash: passed - The file's SHA-256 ${sha256} is the one in the statement.`);
    expect(result.stdout).toContain('ledger_transaction: not checked - Not checked: XRPL_URL is not set.');
    expect(result.stdout.trim().endsWith('VALID')).toBe(true);
    expect(result.stderr).not.toContain('WARNING');
  }, 60_000);

  it('fails a tampered bundle with exit code 1, and a forged one signed by another key', async () => {
    const tampered = await bundleFile('tampered.json', statement(), key, (b) => ({ ...b, statement: { ...(b.statement as object), owner: 'mallory' } }));
    const forged = await bundleFile('forged.json', statement({ owner: 'mallory' }), forger);

    const [tamperedRun, forgedRun] = await Promise.all([run([tampered, `--key=${key.publicKey}`]), run([forged, `--key=${key.publicKey}`])]);

    expect(tamperedRun.code).toBe(1);
    expect(tamperedRun.stdout).toContain('signature: failed - The signature does not match the statement');
    expect(tamperedRun.stdout.trim().endsWith('INVALID')).toBe(true);
    expect(forgedRun.code).toBe(1);
    expect(forgedRun.stdout).toContain("not GOOSE's published key");
  }, 60_000);

  it("warns loudly without --key that the bundle's own key proves integrity only, and fails a wrong file", async () => {
    const bundle = await bundleFile('own-key.json', statement());
    await writeFile(path.join(dir, 'other.wav'), 'another file');

    const [ownKey, wrongFile] = await Promise.all([run([bundle]), run([bundle, `--key=${key.publicKey}`, '--file', path.join(dir, 'other.wav')])]);

    expect(ownKey.code).toBe(0);
    expect(ownKey.stderr).toContain('WARNING: no --key given');
    expect(ownKey.stdout).toContain('VALID (integrity only');
    expect(wrongFile.code).toBe(1);
    expect(wrongFile.stdout).toContain('file_hash: failed');
  }, 60_000);

  it('answers a bad command line and an unreadable bundle with exit code 2', async () => {
    await writeFile(path.join(dir, 'not-json.json'), 'hello');

    const [noInput, notJson] = await Promise.all([run([]), run([path.join(dir, 'not-json.json')])]);

    expect(noInput.code).toBe(2);
    expect(noInput.stderr).toContain('usage: npm run verify-proof');
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('is not JSON');
  }, 60_000);

  describe('with XRPL_URL (a rippled stand-in)', () => {
    let standIn: RippledStandIn;
    let ledger: XrplLedger;
    let ledgerDir: string;

    beforeAll(async () => {
      ledgerDir = await mkdtemp(path.join(os.tmpdir(), 'goose-verify-proof-ledger-'));
      standIn = await startRippledStandIn();
      ledger = await openXrplLedger({ dataDir: ledgerDir, env: { XRPL_URL: standIn.url } });
      standIn.fundAccount(ledger.account, 1);
    });

    afterAll(async () => {
      await ledger.close();
      await standIn.close();
      await rm(ledgerDir, { recursive: true, force: true });
    });

    it('passes when the transaction is validated and its memo records the certificate and file hash, fails when not', async () => {
      const signed = await ledger.signRegistration({ trackId: randomUUID(), sha256, certificateId: 'GOOSE-CERT-CLI1', title: 'Midnight Rain' });
      expect(await ledger.submit(signed)).toMatchObject({ status: 'validated' });
      const good = await bundleFile('ledger-good.json', statement({ xrplTxHash: signed.txHash, walletAddress: ledger.account }));
      const otherCertificate = await bundleFile('ledger-other.json', statement({ certificateId: 'GOOSE-CERT-OTHER', xrplTxHash: signed.txHash, walletAddress: ledger.account }));
      const unknownTx = await bundleFile('ledger-unknown.json', statement({ xrplTxHash: 'A'.repeat(64), walletAddress: ledger.account }));

      const withLedger = (bundle: string) => run([bundle, `--key=${key.publicKey}`], { XRPL_URL: standIn.url });
      const [goodRun, otherRun, unknownRun] = await Promise.all([withLedger(good), withLedger(otherCertificate), withLedger(unknownTx)]);

      expect(goodRun.code, goodRun.stdout + goodRun.stderr).toBe(0);
      expect(goodRun.stdout).toMatch(new RegExp(`ledger_transaction: passed - Transaction ${signed.txHash} is validated in ledger \\d+`));
      expect(otherRun.code).toBe(1);
      expect(otherRun.stdout).toContain("not the statement's certificate and file hash");
      expect(unknownRun.code).toBe(1);
      expect(unknownRun.stdout).toContain(`The ledger does not hold transaction ${'A'.repeat(64)}`);
    }, 90_000);
  });
});
