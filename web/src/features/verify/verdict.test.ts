import { describe, expect, it } from 'vitest';
import { sameHash, sha256Hex, verdict } from './verdict';

const passed = { status: 'passed', detail: 'ok' } as const;

describe('verdict', () => {
  it('says verified only when the server verified the certificate', () => {
    expect(verdict({ verified: true, checks: { signature: passed, fileHash: passed, ledger: passed } })).toEqual({
      verified: true,
      headline: 'Certificate verified',
      findings: [],
    });
    const unconfirmed = verdict({ verified: false, checks: { signature: passed, fileHash: passed, ledger: passed } });
    expect(unconfirmed.headline).not.toBe('Certificate verified');
    expect(unconfirmed.findings).toHaveLength(1);
  });

  it('names what failed and what was not checked', () => {
    const result = verdict({
      verified: false,
      checks: {
        signature: { status: 'failed', detail: 'The signature does not match the published key' },
        fileHash: passed,
        ledger: { status: 'not_checked', detail: 'The transaction is signed, awaiting ledger submission' },
      },
    });
    expect(result.headline).toBe('Certificate not verified');
    expect(result.findings).toEqual([
      'Signature check failed: The signature does not match the published key',
      'Ledger transaction was not checked: The transaction is signed, awaiting ledger submission',
    ]);
    expect(verdict({ verified: false, checks: { signature: passed, fileHash: passed, ledger: { status: 'not_checked', detail: '' } } }).headline).toBe(
      'Certificate not fully verified',
    );
  });
});

describe('file hash', () => {
  it('computes SHA-256 in hex and compares without regard to case', async () => {
    const hash = await sha256Hex(new TextEncoder().encode('abc'));
    expect(hash).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sameHash(hash.toUpperCase(), hash)).toBe(true);
    expect(sameHash(hash, '0'.repeat(64))).toBe(false);
  });
});
