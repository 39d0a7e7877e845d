// The verification level rule: each level's evidence, and what keeps a work from the next one.
import { describe, expect, it } from 'vitest';
import { verificationLevelOf, type VerificationEvidence } from './verification-level';

const gold: VerificationEvidence = { certificateIssued: true, certificateSigned: true, oracleStatus: 'cleared', ledgerStatus: 'validated', identifierCount: 1, upheldDisputes: 0 };

describe('verificationLevelOf', () => {
  it('gold: validated on the ledger, an identifier, no upheld dispute', () => {
    expect(verificationLevelOf(gold).level).toBe('gold');
  });

  it('enhanced without identifiers, or with an upheld dispute', () => {
    expect(verificationLevelOf({ ...gold, identifierCount: 0 })).toEqual({ level: 'enhanced', reason: expect.stringContaining('no identifiers yet') });
    expect(verificationLevelOf({ ...gold, upheldDisputes: 1 })).toEqual({ level: 'enhanced', reason: expect.stringContaining('1 upheld dispute') });
  });

  it('basic while the registration is not validated, saying where it is', () => {
    expect(verificationLevelOf({ ...gold, ledgerStatus: 'awaiting_submission' })).toEqual({ level: 'basic', reason: expect.stringContaining('awaiting submission') });
    expect(verificationLevelOf({ ...gold, ledgerStatus: 'submitted' }).level).toBe('basic');
  });

  it('unverified when not registered, unsigned, or not cleared by the oracle', () => {
    expect(verificationLevelOf({ ...gold, certificateIssued: false }).level).toBe('unverified');
    expect(verificationLevelOf({ ...gold, certificateSigned: false }).level).toBe('unverified');
    expect(verificationLevelOf({ ...gold, oracleStatus: 'needs_review' })).toEqual({ level: 'unverified', reason: expect.stringContaining('did not clear it (needs review)') });
  });
});
