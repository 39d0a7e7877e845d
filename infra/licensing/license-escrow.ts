// The XRPL escrow a license can be paid through: the buyer's own XRPL account locks the price in an
// EscrowCreate to the platform's account under a PREIMAGE-SHA-256 crypto-condition, and the
// platform finishes it (EscrowFinish with the fulfillment) once the license is issued.
import { createHash } from 'node:crypto';

export interface EscrowCreated {
  account: string;
  destination: string;
  xrpAmount: string;
  txHash: string;
  sequence: number;
  condition: string;
  status: string;
}

export interface LicenseEscrow {
  create(input: { licenseId: string; buyerId: string; priceCents: number }): Promise<EscrowCreated>;
  finish(input: { licenseId: string }): Promise<{ txHash: string }>;
}

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
