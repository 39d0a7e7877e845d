// The rule that turns a work's evidence into its registry verification level (levels
// ascend unverified → basic → enhanced → gold), with the reason in plain words:
// - unverified: not registered, or its certificate is not signed;
// - basic: the copyright oracle cleared it and its certificate is signed;
// - enhanced: basic, and its ledger registration is validated on the XRP Ledger;
// - gold: enhanced, at least one industry identifier, and no upheld dispute.
// `upheldDisputes` counts the disputes resolved upheld for the claimant (an appeal reopens one until it is decided again).
import type { VerificationLevel } from '../contracts/registry';

export interface VerificationEvidence {
  /** A certificate was issued for the work (it is registered). */
  certificateIssued: boolean;
  /** The issued certificate carries an Ed25519 signature. */
  certificateSigned: boolean;
  /** The copyright check's verdict, null before one. */
  oracleStatus: 'cleared' | 'conflict' | 'needs_review' | 'not_available' | null;
  /** The registration transaction's state on the ledger, null before it was signed. */
  ledgerStatus: 'validated' | 'submitted' | 'awaiting_submission' | 'failed' | 'signed' | null;
  identifierCount: number;
  upheldDisputes: number;
}

export function verificationLevelOf(evidence: VerificationEvidence): { level: VerificationLevel; reason: string } {
  if (!evidence.certificateIssued) return { level: 'unverified', reason: 'Not registered: no certificate has been issued' };
  if (!evidence.certificateSigned) return { level: 'unverified', reason: 'The certificate is not signed' };
  if (evidence.oracleStatus !== 'cleared') {
    const verdict = evidence.oracleStatus === null ? 'has not checked it' : `did not clear it (${evidence.oracleStatus.replace('_', ' ')})`;
    return { level: 'unverified', reason: `Certificate signed, but the copyright oracle ${verdict}` };
  }
  if (evidence.ledgerStatus !== 'validated') {
    const where = evidence.ledgerStatus === 'awaiting_submission' ? 'is awaiting submission' : evidence.ledgerStatus === 'failed' ? 'failed' : 'is not validated yet';
    return { level: 'basic', reason: `Cleared by the copyright oracle and certificate signed; the ledger registration ${where}` };
  }
  if (evidence.upheldDisputes > 0) {
    return { level: 'enhanced', reason: `Registered on the ledger; ${evidence.upheldDisputes} upheld dispute(s) keep it from gold` };
  }
  if (evidence.identifierCount === 0) return { level: 'enhanced', reason: 'Registered on the ledger; no identifiers yet (add an ISRC, ISWC, UPC or ISNI for gold)' };
  return { level: 'gold', reason: 'Registered on the ledger, identifiers present and no upheld dispute' };
}
