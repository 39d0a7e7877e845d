// The browser side of checking a proof bundle, pure and tested: read the dropped
// JSON, pick the trusted key (a pasted one wins over the server's published one), and run
// domain/proofs/verify-bundle.ts here, so the verdict does not depend on trusting the server. The
// ledger transaction a statement names is checked too: the browser asks a rippled server itself over
// WebSocket (api/ask-ledger.ts) and reads its raw answer; only when that fails does it fall back to
// this server's relay (GET /api/ledger/transactions/:txHash), and the check says where it came from.
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
  'this page does not query the ledger; enter a ledger server on this page, open the transaction in an XRP Ledger explorer, or run the verify-proof tool against a ledger server';
export const NO_LEDGER_REASON = 'this server is not connected to the XRP Ledger; enter a ledger server on this page, open the transaction in an XRP Ledger explorer, or run the verify-proof tool against a ledger server';

/** Asks this server for the ledger's raw answer about a transaction (GET /api/ledger/transactions/:txHash). */
export type AskLedger = (txHash: string) => Promise<LedgerTransactionAnswer>;

const TX_HASH = /^[0-9A-F]{64}$/;

function statementTxHash(bundle: unknown): string | null {
  const statement = (bundle as { statement?: { xrplTxHash?: unknown } } | null)?.statement;
  const hash = statement?.xrplTxHash;
  return typeof hash === 'string' && TX_HASH.test(hash) ? hash : null;
}

/** Asks a rippled server directly (api/ask-ledger.ts): its raw `tx` result, null when it does not hold the transaction. */
export type AskLedgerDirectly = (url: string, txHash: string) => Promise<Record<string, unknown> | null>;

/** Where the /verify page gets the ledger's answer: the ledger itself first, this server's relay only when that fails. */
export interface LedgerSources {
  /** The rippled WebSocket URL the browser asks itself; blank to skip straight to the relay. */
  url: string;
  direct: AskLedgerDirectly;
  /** GET /api/ledger/transactions/:txHash, asked only when the direct ask fails (or no URL is given). */
  relay?: AskLedger;
}

type BaseOptions = { trustedKeys: TrustedKey[]; fileBytes?: Uint8Array };

const withLedgerSource = (result: ProofVerification, source: string): ProofVerification => ({
  ...result,
  checks: result.checks.map((check) => (check.check === 'ledger_transaction' ? { ...check, detail: `${check.detail}${source}` } : check)),
});

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the checks here. With ledger sources, a statement's ledger transaction is checked against the
 * ledger's answer, asked by the browser of the given rippled server over WebSocket; only when that
 * fails is this server's relay asked, and the check then says the answer came through this server.
 * A bare `AskLedger` is the relay alone.
 */
export async function checkBundleInBrowser(bundle: unknown, key: TrustedKey | null, fileBytes?: Uint8Array, ledger?: AskLedger | LedgerSources): Promise<ProofVerification> {
  const base: BaseOptions = { trustedKeys: key ? [key] : [], fileBytes };
  const txHash = ledger ? statementTxHash(bundle) : null;
  if (!ledger || !txHash) return verifyBundle(bundle, { ...base, noLedgerReason: BROWSER_LEDGER_REASON });
  if (typeof ledger === 'function') return checkThroughServer(bundle, base, txHash, ledger, null);
  const url = ledger.url.trim();
  let directFailure: string | null = null;
  if (url) {
    try {
      const transaction = await ledger.direct(url, txHash);
      const result = await verifyBundle(bundle, { ...base, ledger: async () => (transaction ? ledgerRecordOfTxAnswer(transaction) : null) });
      return withLedgerSource(result, ` Your browser asked the ledger at ${url} directly; this server was not asked.`);
    } catch (error) {
      directFailure = `could not reach ${url}: ${reasonOf(error)}`;
    }
  }
  if (!ledger.relay) return verifyBundle(bundle, { ...base, noLedgerReason: directFailure ?? 'no ledger server was given to ask' });
  return checkThroughServer(bundle, base, txHash, ledger.relay, directFailure);
}

/** The ledger's answer relayed by this server and read here; `directFailure` says why the ledger was not asked directly. */
async function checkThroughServer(bundle: unknown, base: BaseOptions, txHash: string, relay: AskLedger, directFailure: string | null): Promise<ProofVerification> {
  let answer: LedgerTransactionAnswer;
  try {
    answer = await relay(txHash);
  } catch (error) {
    if (directFailure) return verifyBundle(bundle, { ...base, noLedgerReason: `${directFailure}; asking through this server failed too (${reasonOf(error)})` });
    const failure = error instanceof Error ? error : new Error(String(error));
    return verifyBundle(bundle, { ...base, ledger: () => Promise.reject(failure) });
  }
  if (!answer.configured || !answer.url) return verifyBundle(bundle, { ...base, noLedgerReason: directFailure ? `${directFailure}; ${NO_LEDGER_REASON}` : NO_LEDGER_REASON });
  const { transaction, url, network } = answer;
  const result = await verifyBundle(bundle, { ...base, ledger: async () => (transaction ? ledgerRecordOfTxAnswer(transaction) : null) });
  const lead = directFailure ? ` Your browser ${directFailure}, so t` : ' T';
  return withLedgerSource(
    result,
    `${lead}he ledger's answer came through this server from ${url} (${network}) and was read in your browser; to ask that ledger without this server, enter its URL as the ledger server here, or run npm run verify-proof with XRPL_URL=${url}.`,
  );
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
