// The PREIMAGE-SHA-256 crypto-condition encoded by hand, checked against the XRP Ledger docs'
// published example (a preimage of 32 zero bytes) and against its own structure for any preimage.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { preimageSha256Condition } from './license-escrow';

describe('PREIMAGE-SHA-256 crypto-condition', () => {
  it('matches the published example for a preimage of 32 zero bytes', () => {
    const { condition, fulfillment } = preimageSha256Condition(Buffer.alloc(32));
    expect(condition).toBe('A025802066687AADF862BD776C8FC18B8E9F8E20089714856EE233B3902A591D0D5F2925810120');
    expect(fulfillment).toBe(`A0228020${'00'.repeat(32)}`);
  });

  it('puts the preimage in the fulfillment and its SHA-256 in the condition', () => {
    const preimage = randomBytes(32);
    const { condition, fulfillment } = preimageSha256Condition(preimage);
    expect(fulfillment).toBe(`A0228020${preimage.toString('hex').toUpperCase()}`);
    expect(condition).toBe(`A0258020${createHash('sha256').update(preimage).digest('hex').toUpperCase()}810120`);
    expect(() => preimageSha256Condition(Buffer.alloc(31))).toThrow(/32 bytes/);
  });
});
