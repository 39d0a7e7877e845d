// The browser side of checking a proof bundle (issue 15 §2), pure and tested: read the dropped
// JSON, pick the trusted key (a pasted one wins over the server's published one), and run
// domain/proofs/verify-bundle.ts here, so the verdict does not depend on trusting the server. The
// ledger transaction a statement names is checked too: the server relays the ledger's raw answer
// (GET /api/ledger/transactions/:txHash) and the browser reads it itself, saying where it came from.
import type { LedgerTransactionAnswer, ProofVerification } from '../../../../domain/contracts/proofs';
import { ledgerRecordOfTxAnswer } from '../../../../domain/proofs/ledger-answer';
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
export const NO_LEDGER_REASON = 'this server has no ledger configured (no XRPL_URL); run npm run verify-proof with XRPL_URL set, or open the transaction in an XRPL explorer';

/** Asks the server for the ledger's raw answer about a transaction (GET /api/ledger/transactions/:txHash). */
export type AskLedger = (txHash: string) => Promise<LedgerTransactionAnswer>;

const TX_HASH = /^[0-9A-F]{64}$/;

function statementTxHash(bundle: unknown): string | null {
  const statement = (bundle as { statement?: { xrplTxHash?: unknown } } | null)?.statement;
  const hash = statement?.xrplTxHash;
  return typeof hash === 'string' && TX_HASH.test(hash) ? hash : null;
}

/**
 * Runs the checks here. With `askLedger`, a statement's ledger transaction is checked against the
 * ledger's answer, relayed by this server and read in the browser; the check says so, and how to
 * ask that ledger without this server.
 */
export async function checkBundleInBrowser(bundle: unknown, key: TrustedKey | null, fileBytes?: Uint8Array, askLedger?: AskLedger): Promise<ProofVerification> {
  const trustedKeys = key ? [key] : [];
  const txHash = askLedger ? statementTxHash(bundle) : null;
  if (!askLedger || !txHash) return verifyBundle(bundle, { trustedKeys, fileBytes, noLedgerReason: BROWSER_LEDGER_REASON });
  let answer: LedgerTransactionAnswer;
  try {
    answer = await askLedger(txHash);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    return verifyBundle(bundle, { trustedKeys, fileBytes, ledger: () => Promise.reject(failure) });
  }
  if (!answer.configured || !answer.url) return verifyBundle(bundle, { trustedKeys, fileBytes, noLedgerReason: NO_LEDGER_REASON });
  const { transaction, url, network } = answer;
  const result = await verifyBundle(bundle, { trustedKeys, fileBytes, ledger: async () => (transaction ? ledgerRecordOfTxAnswer(transaction) : null) });
  const source = ` The ledger's answer came through this server from ${url} (${network}) and was read in your browser; to ask that ledger without this server, run npm run verify-proof with XRPL_URL=${url}.`;
  return { ...result, checks: result.checks.map((check) => (check.check === 'ledger_transaction' ? { ...check, detail: `${check.detail}${source}` } : check)) };
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
