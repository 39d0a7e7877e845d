// What an XRP deposit is worth in tokens, and which ledger transactions are deposits at all. A
// payment into a user's XRPL deposit account is credited at the configured rate (USD per XRP;
// 1 token = 1 USD), in whole cents rounded down, once per transaction hash, and only when the
// ledger has validated it with tesSUCCESS and delivered XRP to that account. Pure: the watcher in
// infra/wallets/xrp-deposit-watcher.ts feeds it what the ledger says.

const DROPS_PER_XRP = 1_000_000n;
/** The rate is taken to this many decimals (USD per XRP). */
const RATE_DECIMALS = 8;
const MICROS_PER_CENT = 10_000n;

/** The ledger reference a deposit credits under: one credit per transaction hash. */
export function xrpDepositReference(txHash: string): string {
  return `xrpl:tx:${txHash.toUpperCase()}`;
}

/**
 * Micro-tokens for `drops` at `usdPerXrp`: drops × rate in USD, cut to whole cents (rounded down,
 * so a deposit never credits more than it is worth), in micro-tokens. The rate counts to 8 decimals.
 */
export function xrpDepositMicros(drops: bigint, usdPerXrp: number): bigint {
  if (drops <= 0n || !(usdPerXrp > 0)) return 0n;
  const rateScaled = BigInt(usdPerXrp.toFixed(RATE_DECIMALS).replace('.', ''));
  // drops / 1e6 XRP × rateScaled / 1e8 USD × 100 cents
  const cents = (drops * rateScaled * 100n) / (DROPS_PER_XRP * 10n ** BigInt(RATE_DECIMALS));
  return cents * MICROS_PER_CENT;
}

/** A validated transaction as the ledger reports it (a stream message or an account_tx entry, API v2). */
export interface LedgerTransactionReport {
  hash?: unknown;
  validated?: unknown;
  ledger_index?: unknown;
  tx_json?: unknown;
  meta?: unknown;
}

export type DepositDecision =
  | { kind: 'deposit'; txHash: string; destination: string; sender: string; drops: bigint; ledgerIndex: number }
  /** Not (yet) something to credit, and why, for the log. */
  | { kind: 'skip'; txHash: string | null; why: string };

/**
 * Whether `report` is a creditable XRP deposit into one of `depositAccounts`: a Payment, validated,
 * tesSUCCESS, whose Destination is the deposit account and whose delivered_amount is XRP (drops).
 * A partial payment counts for what it delivered, never for its Amount.
 */
export function depositOf(report: LedgerTransactionReport, depositAccounts: ReadonlySet<string>): DepositDecision {
  const txHash = typeof report.hash === 'string' && /^[0-9A-Fa-f]{64}$/.test(report.hash) ? report.hash.toUpperCase() : null;
  const skip = (why: string): DepositDecision => ({ kind: 'skip', txHash, why });
  if (!txHash) return skip('no transaction hash');
  const tx = (report.tx_json ?? {}) as Record<string, unknown>;
  const meta = (report.meta ?? {}) as Record<string, unknown>;
  if (tx.TransactionType !== 'Payment') return skip(`a ${String(tx.TransactionType)} transaction, not a payment`);
  const destination = tx.Destination;
  if (typeof destination !== 'string' || !depositAccounts.has(destination)) return skip('not a payment into a deposit account');
  if (tx.Account === destination) return skip('a payment from the account to itself');
  if (report.validated !== true) return skip('not validated yet');
  if (meta.TransactionResult !== 'tesSUCCESS') return skip(`failed on the ledger (${String(meta.TransactionResult)})`);
  const delivered = meta.delivered_amount ?? meta.DeliveredAmount;
  if (typeof delivered !== 'string' || !/^\d{1,20}$/.test(delivered)) return skip('did not deliver XRP');
  const ledgerIndex = Number(report.ledger_index);
  if (!Number.isInteger(ledgerIndex) || ledgerIndex <= 0) return skip('no ledger index');
  return { kind: 'deposit', txHash, destination, sender: typeof tx.Account === 'string' ? tx.Account : '', drops: BigInt(delivered), ledgerIndex };
}
