// The browser side of checking a proof bundle (issue 15 §2), pure and tested: read the dropped
// JSON, pick the trusted key (a pasted one wins over the server's published one), and run
// domain/proofs/verify-bundle.ts here, so the verdict does not depend on trusting the server.
import type { ProofVerification } from '../../../../domain/contracts/proofs';
import { verifyBundle, type TrustedKey } from '../../../../domain/proofs/verify-bundle';

export type BundleRead = { ok: true; bundle: unknown } | { ok: false; error: string };

export function readBundleText(text: string): BundleRead {
  try {
    return { ok: true, bundle: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: 'This file is not JSON: choose the bundle downloaded from the proof explorer.' };
  }
}

export interface KeyChoice {
  key: TrustedKey | null;
  /** Where the trusted key came from, said on the page. */
  source: 'pasted' | 'published' | 'none';
}

/** A pasted key (its id and base64url public key) is trusted instead of the server's published one. */
export function chooseTrustedKey(pasted: { keyId: string; publicKey: string }, published: TrustedKey | null): KeyChoice {
  if (pasted.publicKey.trim() !== '') return { key: { keyId: pasted.keyId.trim(), publicKey: pasted.publicKey.trim() }, source: 'pasted' };
  if (published) return { key: published, source: 'published' };
  return { key: null, source: 'none' };
}

export const BROWSER_LEDGER_REASON =
  'this page does not query the ledger; run npm run verify-proof with XRPL_URL set, or open the transaction in an XRPL explorer';

export function checkBundleInBrowser(bundle: unknown, key: TrustedKey | null, fileBytes?: Uint8Array): Promise<ProofVerification> {
  return verifyBundle(bundle, { trustedKeys: key ? [key] : [], fileBytes, noLedgerReason: BROWSER_LEDGER_REASON });
}

export const PROOF_CHECK_LABELS: Record<ProofVerification['checks'][number]['check'], string> = {
  signature: 'Signature',
  file_hash: 'File hash',
  ledger_transaction: 'Ledger transaction',
};

export function bundleHeadline(result: ProofVerification): string {
  if (!result.valid) return 'Proof not verified';
  return result.checks.every((check) => check.outcome === 'passed') ? 'Proof verified' : 'Signature verified; some checks were not run';
}
