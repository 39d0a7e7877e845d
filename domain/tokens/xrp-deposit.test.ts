// The XRP deposit rule: the rate's tokens in whole cents rounded down, and only a validated,
// successful payment that delivered XRP into a deposit account is a deposit.
import { describe, expect, it } from 'vitest';
import { depositOf, xrpDepositMicros, xrpDepositReference } from './xrp-deposit';

const ACCOUNT = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const HASH = 'ab'.repeat(32);
const accounts = new Set([ACCOUNT]);

function report(fields: { tx?: Record<string, unknown>; meta?: Record<string, unknown>; validated?: boolean } = {}) {
  return {
    hash: HASH,
    validated: fields.validated ?? true,
    ledger_index: 1234,
    tx_json: { TransactionType: 'Payment', Account: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', Destination: ACCOUNT, DeliverMax: '19980000', ...fields.tx },
    meta: { TransactionResult: 'tesSUCCESS', delivered_amount: '19980000', ...fields.meta },
  };
}

describe('xrpDepositMicros', () => {
  it('credits the XRP package for its XRP at the rate: 19.98 XRP at 2.5 USD is 49.95 tokens', () => {
    expect(xrpDepositMicros(19_980_000n, 2.5)).toBe(49_950_000n);
  });

  it('cuts to whole cents, rounding down', () => {
    // 1.234567 XRP × 0.5 = 0.6172835 USD → 0.61
    expect(xrpDepositMicros(1_234_567n, 0.5)).toBe(610_000n);
    // 0.019999 XRP × 0.5 = 0.0099995 USD → nothing
    expect(xrpDepositMicros(19_999n, 0.5)).toBe(0n);
    // 1 drop short of a cent stays below it
    expect(xrpDepositMicros(3_999n, 2.5)).toBe(0n);
    expect(xrpDepositMicros(4_000n, 2.5)).toBe(10_000n);
  });

  it('counts the rate to 8 decimals and is exact for amounts beyond a double\'s precision', () => {
    expect(xrpDepositMicros(1_000_000n, 0.123456789)).toBe(120_000n);
    // 100 billion XRP (the whole supply) at 3.1 USD
    expect(xrpDepositMicros(100_000_000_000_000_000n, 3.1)).toBe(310_000_000_000n * 100n * 10_000n);
  });

  it('credits nothing for nothing', () => {
    expect(xrpDepositMicros(0n, 2.5)).toBe(0n);
    expect(xrpDepositMicros(1_000_000n, 0)).toBe(0n);
  });
});

describe('depositOf', () => {
  it('takes a validated tesSUCCESS payment into a deposit account for its delivered drops', () => {
    expect(depositOf(report(), accounts)).toEqual({ kind: 'deposit', txHash: HASH.toUpperCase(), destination: ACCOUNT, sender: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', drops: 19_980_000n, ledgerIndex: 1234 });
    expect(xrpDepositReference(HASH)).toBe(`xrpl:tx:${HASH.toUpperCase()}`);
  });

  it('counts a partial payment for what it delivered, not its Amount', () => {
    const partial = depositOf(report({ tx: { DeliverMax: '50000000', Flags: 0x00020000 }, meta: { delivered_amount: '1000000' } }), accounts);
    expect(partial).toMatchObject({ kind: 'deposit', drops: 1_000_000n });
  });

  it.each([
    ['not validated', report({ validated: false }), 'not validated yet'],
    ['failed (tec)', report({ meta: { TransactionResult: 'tecUNFUNDED_PAYMENT', delivered_amount: undefined } }), 'failed on the ledger (tecUNFUNDED_PAYMENT)'],
    ['to someone else', report({ tx: { Destination: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' } }), 'not a payment into a deposit account'],
    ['an issued currency', report({ meta: { delivered_amount: { currency: 'USD', issuer: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', value: '100' } } }), 'did not deliver XRP'],
    ['an old transaction without delivered_amount', report({ meta: { delivered_amount: 'unavailable' } }), 'did not deliver XRP'],
    ['not a payment', report({ tx: { TransactionType: 'AccountSet' } }), 'a AccountSet transaction, not a payment'],
    ['from the account itself', report({ tx: { Account: ACCOUNT } }), 'a payment from the account to itself'],
  ])('skips a transaction %s', (_name, given, why) => {
    expect(depositOf(given, accounts)).toEqual({ kind: 'skip', txHash: HASH.toUpperCase(), why });
  });

  it('skips a report without a hash', () => {
    expect(depositOf({ ...report(), hash: 'nope' }, accounts)).toEqual({ kind: 'skip', txHash: null, why: 'no transaction hash' });
  });
});
