// The XRPL escrow a license can be paid through: the buyer's own XRPL account locks the price in an
// EscrowCreate to the platform's account under a PREIMAGE-SHA-256 crypto-condition, and the
// platform finishes it (EscrowFinish with the fulfillment) once the license is issued.
import { createHash } from 'node:crypto';
import type { LICENSE_CURRENCIES } from '../../domain/contracts/licensing';
import type { LicenseEvent } from '../../domain/licensing/license.decider';

/** The EscrowCreate as signed and recorded before submission (the `LicenseEscrowPrepared` event's data). */
export interface PreparedEscrow {
  account: string;
  destination: string;
  xrpAmount: string;
  drops: string;
  sequence: number;
  txHash: string;
  txBlob: string;
  condition: string;
  sealedPreimage: string;
  cancelAfter: string;
}

/** The escrow recorded on the license's stream, if any. */
export function escrowOf(events: LicenseEvent[]): PreparedEscrow | null {
  const prepared = events.find((e) => e.type === 'LicenseEscrowPrepared');
  if (!prepared || prepared.type !== 'LicenseEscrowPrepared') return null;
  const { licenseId: _licenseId, ...escrow } = prepared.data;
  return escrow;
}

/** The escrow on the ledger: validated (secured), or refused for good with a reason the buyer can read. */
export type EscrowCreation = { kind: 'created'; ledgerIndex: number | null } | { kind: 'refused'; reason: string };

export interface EscrowPrice {
  priceCents: number;
  currency: (typeof LICENSE_CURRENCIES)[number];
}

export interface LicenseEscrow {
  /** The platform's XRPL account, every escrow's destination. */
  readonly destination: string;
  /** The price in XRP (six decimals); throws EscrowNotPayableError for a QXMP price or without XRP_USD_RATE. */
  quote(price: EscrowPrice): { xrpAmount: string; usdAmount: string };
  /** Throws WalletNotFundedError when the buyer's own account cannot lock the price and keep its reserve. */
  ensureFunded(input: EscrowPrice & { buyerId: string }): Promise<void>;
  /** Signs the EscrowCreate from the buyer's account with a fresh condition; nothing is sent. */
  prepare(input: EscrowPrice & { licenseId: string; buyerId: string }): Promise<PreparedEscrow>;
  /** Submits the prepared EscrowCreate (or finds it on the ledger by its hash) and waits for validation. */
  create(prepared: PreparedEscrow): Promise<EscrowCreation>;
  /** EscrowFinish from the platform's account with the fulfillment; null txHash when it was finished by an earlier attempt. */
  finish(prepared: PreparedEscrow): Promise<{ txHash: string | null }>;
}

/** A price the escrow cannot take: QXMP (tokens live on the platform, not the ledger), or no XRP rate. */
export class EscrowNotPayableError extends Error {
  override readonly name = 'EscrowNotPayableError';
  constructor(
    /** qxmp_price: the offer's price (the buyer's to change); unpriced: the server has no XRP_USD_RATE. */
    readonly kind: 'qxmp_price' | 'unpriced',
    message: string,
  ) {
    super(message);
  }
}

export const ESCROW_QXMP_REFUSAL = 'An XRPL escrow pays XRP: this offer is priced in QXMP tokens, so pay it with tokens';
// Said to buyers: no setting names (the start log and docs/licensing.md name them for operators).
export const ESCROW_UNPRICED = "XRP escrow is not offered on this server yet: it has no XRP price to convert the license's price with. Pay with tokens instead.";
export const ESCROW_NEEDS_LEDGER = 'XRP escrow is not offered on this server: it has no connection to the XRP Ledger. Pay with tokens instead.';

/**
 * PREIMAGE-SHA-256 (crypto-conditions draft, type 0) encoded by hand: the condition is
 * A0 25 80 20 <sha256(preimage)> 81 01 20 (fingerprint, cost = 32 bytes), the fulfillment
 * A0 22 80 20 <preimage>. Both upper-case hex as the XRP Ledger takes them.
 */
export function preimageSha256Condition(preimage: Buffer): { condition: string; fulfillment: string } {
  if (preimage.length !== 32) throw new Error('The escrow preimage must be 32 bytes');
  const fingerprint = createHash('sha256').update(preimage).digest();
  const condition = Buffer.concat([Buffer.from([0xa0, 0x25, 0x80, 0x20]), fingerprint, Buffer.from([0x81, 0x01, 0x20])]);
  const fulfillment = Buffer.concat([Buffer.from([0xa0, 0x22, 0x80, 0x20]), preimage]);
  return { condition: condition.toString('hex').toUpperCase(), fulfillment: fulfillment.toString('hex').toUpperCase() };
}
