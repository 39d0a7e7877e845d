// The /verify page's bundle check, run as the browser runs it: a bundle GOOSE signed passes with
// the published key, a changed statement or another key fails, a pasted key wins over the
// published one, the file is compared when given, and the ledger transaction is checked against the
// ledger's answer relayed by the server (or said plainly to be not checked, and why).
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import canonicalize from 'canonicalize';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProofBundle } from '../../../../domain/contracts/proofs';
import { BROWSER_LEDGER_REASON, NO_LEDGER_REASON, bundleHeadline, checkBundleInBrowser, chooseTrustedKey, readBundleText } from './bundle-check';
import { BundleResult } from './components/bundle-verification';

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

function keyPair(keyId: string) {
  const secretKey = ed25519.utils.randomSecretKey();
  return { secretKey, trusted: { keyId, publicKey: base64url(ed25519.getPublicKey(secretKey)) } };
}

const platform = keyPair('goose-platform');
const fileBytes = new TextEncoder().encode('the registered audio bytes');

function signed(statement: Record<string, unknown>, key = platform): ProofBundle {
  const message = new TextEncoder().encode(canonicalize(statement) ?? '');
  return {
    format: 'goose-proof-bundle/1',
    statement,
    signature: { algorithm: 'Ed25519', canonicalization: 'RFC8785', keyId: key.trusted.keyId, publicKey: key.trusted.publicKey, value: base64url(ed25519.sign(message, key.secretKey)) },
  };
}

const statement = { certificateId: 'CERT-1', title: 'Midnight Rain', owner: 'alice', sha256: bytesToHex(sha256(fileBytes)), xrplTxHash: 'A'.repeat(64) };
const outcomes = (result: Awaited<ReturnType<typeof checkBundleInBrowser>>) => Object.fromEntries(result.checks.map((check) => [check.check, check.outcome]));

describe('bundle check in the browser', () => {
  it('passes a bundle signed with the trusted key and its file, and says the ledger is not checked here', async () => {
    const result = await checkBundleInBrowser(signed(statement), platform.trusted, fileBytes);
    expect(result.valid).toBe(true);
    expect(outcomes(result)).toEqual({ signature: 'passed', file_hash: 'passed', ledger_transaction: 'not_checked' });
    expect(result.checks.find((check) => check.check === 'ledger_transaction')?.detail).toContain(BROWSER_LEDGER_REASON);
    expect(bundleHeadline(result)).toBe('Signature verified; some checks were not run');
  });

  it('fails a bundle whose statement was changed after signing', async () => {
    const bundle = signed(statement);
    const result = await checkBundleInBrowser({ ...bundle, statement: { ...bundle.statement, owner: 'mallory' } }, platform.trusted);
    expect(result.valid).toBe(false);
    expect(outcomes(result).signature).toBe('failed');
    expect(bundleHeadline(result)).toBe('Proof not verified');
  });

  it('fails a bundle signed with a key that is not the trusted one, however well formed', async () => {
    const result = await checkBundleInBrowser(signed(statement, keyPair('someone-else')), platform.trusted);
    expect(result.valid).toBe(false);
  });

  it('fails when the given file is not the registered one', async () => {
    const result = await checkBundleInBrowser(signed(statement), platform.trusted, new TextEncoder().encode('another file'));
    expect(outcomes(result).file_hash).toBe('failed');
    expect(result.valid).toBe(false);
  });

  it('trusts a pasted key over the published one, and nothing when neither is there', () => {
    const published = { keyId: 'published', publicKey: 'AAAA' };
    expect(chooseTrustedKey({ keyId: ' mine ', publicKey: ' KEY ' }, published)).toEqual({ key: { keyId: 'mine', publicKey: 'KEY' }, source: 'pasted' });
    expect(chooseTrustedKey({ keyId: '', publicKey: '' }, published)).toEqual({ key: published, source: 'published' });
    expect(chooseTrustedKey({ keyId: '', publicKey: '' }, null)).toEqual({ key: null, source: 'none' });
  });

  it('says plainly when the dropped file is not JSON', () => {
    expect(readBundleText('{"format":')).toEqual({ ok: false, error: 'This file is not JSON: choose the bundle downloaded from the proof explorer.' });
    expect(readBundleText('{"a":1}')).toEqual({ ok: true, bundle: { a: 1 } });
  });

  describe("the ledger transaction, read from the ledger's answer the server relays", () => {
    const hex = (text: string) => Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('').toUpperCase();
    const account = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
    const memo = { trackId: 't-1', sha256: statement.sha256, certificateId: 'CERT-1', title: 'Midnight Rain' };
    const transaction = {
      hash: statement.xrplTxHash, validated: true, ledger_index: 77, meta: { TransactionResult: 'tesSUCCESS' },
      tx_json: { TransactionType: 'AccountSet', Account: account, Memos: [{ Memo: { MemoType: hex('goose/registration'), MemoData: hex(JSON.stringify(memo)) } }] },
    };
    const url = 'wss://s.altnet.rippletest.net:51233';
    const ledgerCheck = (result: Awaited<ReturnType<typeof checkBundleInBrowser>>) => result.checks.find((check) => check.check === 'ledger_transaction')!;

    it('passes when the ledger holds the validated transaction with the memo, saying where the answer came from', async () => {
      const asked: string[] = [];
      const result = await checkBundleInBrowser(signed(statement), platform.trusted, fileBytes, async (hash) => {
        asked.push(hash);
        return { configured: true, network: 'testnet', url, transaction };
      });
      expect(asked).toEqual([statement.xrplTxHash]);
      expect(result.valid).toBe(true);
      expect(ledgerCheck(result)).toMatchObject({ outcome: 'passed', detail: expect.stringContaining(`came through this server from ${url} (testnet)`) });
      expect(bundleHeadline(result)).toBe('Proof verified');
    });

    it('fails when the ledger does not hold it, or its memo names another file', async () => {
      const missing = await checkBundleInBrowser(signed(statement), platform.trusted, undefined, async () => ({ configured: true, network: 'testnet', url, transaction: null }));
      expect([missing.valid, ledgerCheck(missing).outcome]).toEqual([false, 'failed']);
      const other = { ...transaction, tx_json: { ...transaction.tx_json, Memos: [{ Memo: { MemoType: hex('goose/registration'), MemoData: hex(JSON.stringify({ ...memo, sha256: 'cd'.repeat(32) })) } }] } };
      const forged = await checkBundleInBrowser(signed(statement), platform.trusted, undefined, async () => ({ configured: true, network: 'testnet', url, transaction: other }));
      expect(ledgerCheck(forged)).toMatchObject({ outcome: 'failed', detail: expect.stringContaining('not the statement') });
    });

    it('says plainly it is not checked when the server has no ledger, or the ledger could not be asked', async () => {
      const none = await checkBundleInBrowser(signed(statement), platform.trusted, undefined, async () => ({ configured: false, network: 'testnet', url: null, transaction: null }));
      expect(ledgerCheck(none)).toEqual({ check: 'ledger_transaction', outcome: 'not_checked', detail: `Not checked: ${NO_LEDGER_REASON}.` });
      const down = await checkBundleInBrowser(signed(statement), platform.trusted, undefined, async () => {
        throw new Error('The ledger (testnet) could not be asked');
      });
      expect(ledgerCheck(down)).toMatchObject({ outcome: 'not_checked', detail: expect.stringContaining('could not be asked') });
      expect(none.valid && down.valid).toBe(true);
    });
  });

  it('shows each check with its outcome and detail', async () => {
    const html = renderToStaticMarkup(<BundleResult result={await checkBundleInBrowser(signed(statement), platform.trusted)} />);
    expect(html).toContain('Signature verified; some checks were not run');
    expect(html).toContain('data-check="signature" data-status="passed"');
    expect(html).toContain('data-check="file_hash" data-status="not_checked"');
    expect(html).toContain('>Not checked<');
  });
});
