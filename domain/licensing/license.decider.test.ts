// Given / when / then specifications of a purchased license: the refusals of a purchase, the
// payment secured once, issued only after payment, a failure after issue refused, and the buyer's
// single rating of an issued license.
import { describe, expect, it } from 'vitest';
import { IllegalStateError, UnauthorizedError, ValidationError } from '../shared/errors';
import { deciderSpec } from '../shared/decider-spec';
import { licenseDecider, PURCHASE_REFUSALS, type LicenseCommand } from './license.decider';
import { LicenseEscrowPrepared, LicenseIssued, LicensePaymentSecured, LicensePurchaseFailed, LicensePurchaseRequested, LicenseRated } from './license.events';
import type { OfferDetails } from './license-offer.events';

const { given, when } = deciderSpec(licenseDecider);
const ownerId = '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f';
const buyerId = '1c9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f';
const NOW = '2026-11-26T10:00:00.000Z';
const offer: OfferDetails = {
  type: 'synchronization',
  scope: 'limited',
  territory: 'Worldwide',
  duration: 'Perpetual',
  currency: 'QXMP',
  priceCents: 2500,
  originalPriceCents: null,
  paymentOptions: ['qxmp_tokens', 'stripe'],
  terms: { permissions: [], restrictions: [], attributionRequired: true, commercialUse: true, derivatives: false, distribution: true, customTerms: null },
};

const request = (overrides: Partial<Extract<LicenseCommand, { type: 'RequestPurchase' }>['data']> = {}): LicenseCommand => ({
  type: 'RequestPurchase',
  data: { licenseId: 'l1', offerId: 'o1', workId: 'w1', workTitle: 'Night Drive', ownerId, buyerId, offer, paymentMethod: 'qxmp_tokens', offerWithdrawn: false, licensingFrozen: false, workRegistered: true, requestedAt: NOW, ...overrides },
});
const requested = LicensePurchaseRequested.create({ licenseId: 'l1', offerId: 'o1', workId: 'w1', workTitle: 'Night Drive', ownerId, buyerId, offer, paymentMethod: 'qxmp_tokens', currency: 'QXMP', priceCents: 2500, requestedAt: NOW });
const paid = LicensePaymentSecured.create({ licenseId: 'l1', paymentMethod: 'qxmp_tokens', reference: 'license-l1', detail: {} });
const signature = { algorithm: 'Ed25519' as const, keyId: 'goose-1', publicKey: 'pk', canonicalization: 'RFC8785' as const, value: 'sig' };
const issueData = { certificateId: 'GOOSE-LIC-1', certificate: { certificateId: 'GOOSE-LIC-1', licenseId: 'l1', workId: 'w1', buyer: 'b', owner: 'o' }, signature, proofId: 'proof-license-l1', settlementReference: 'license-l1', issuedAt: NOW };
const issued = LicenseIssued.create({ licenseId: 'l1', ...issueData });

describe('license decider', () => {
  it('given nothing, when a purchase is requested, then it is recorded at the offer price; the same request again decides nothing', () => {
    const events = when([], request());
    expect(events).toEqual([requested]);
    expect(when([requested], request())).toEqual([]);
  });

  it.each([
    ['the buyer owns the work', { buyerId: ownerId }, UnauthorizedError, PURCHASE_REFUSALS.ownWork],
    ['the offer is withdrawn', { offerWithdrawn: true }, IllegalStateError, PURCHASE_REFUSALS.withdrawn],
    ["the work's licensing is frozen", { licensingFrozen: true }, IllegalStateError, PURCHASE_REFUSALS.frozen],
    ['the work is not registered', { workRegistered: false }, ValidationError, PURCHASE_REFUSALS.notRegistered],
    ['the payment method is not offered', { paymentMethod: 'polygon_escrow' as const }, ValidationError, PURCHASE_REFUSALS.methodNotOffered('polygon_escrow')],
  ])('refuses a purchase when %s', (_, overrides, kind, message) => {
    expect(() => when([], request(overrides))).toThrow(kind);
    expect(() => when([], request(overrides))).toThrow(message);
  });

  it('secures the payment once; another reference for a paid license is refused', () => {
    expect(when([requested], { type: 'SecurePayment', data: { paymentMethod: 'qxmp_tokens', reference: 'license-l1' } })).toEqual([paid]);
    expect(when([requested, paid], { type: 'SecurePayment', data: { paymentMethod: 'qxmp_tokens', reference: 'license-l1' } })).toEqual([]);
    expect(() => when([requested, paid], { type: 'SecurePayment', data: { paymentMethod: 'qxmp_tokens', reference: 'other' } })).toThrow(IllegalStateError);
    expect(() => when([requested], { type: 'SecurePayment', data: { paymentMethod: 'stripe', reference: 'cs_1' } })).toThrow(ValidationError);
  });

  it('records an escrow purchase\'s EscrowCreate once, before it is paid; a second, different escrow is refused', () => {
    const escrowRequested = LicensePurchaseRequested.create({ ...requested.data, offer: { ...offer, currency: 'USD', paymentOptions: ['polygon_escrow'] }, paymentMethod: 'polygon_escrow', currency: 'USD' });
    const escrow = { account: 'rBuyerAccount1111111111111111', destination: 'rPlatformAccount111111111111', xrpAmount: '50.000000', drops: '50000000', sequence: 7, txHash: 'AB12', txBlob: '1200', condition: 'A025', sealedPreimage: 'v1.k.x', cancelAfter: NOW };
    const prepare = (txHash = 'AB12'): LicenseCommand => ({ type: 'PrepareEscrow', data: { ...escrow, txHash } });
    const prepared = when([escrowRequested], prepare());
    expect(prepared).toEqual([LicenseEscrowPrepared.create({ licenseId: 'l1', ...escrow })]);
    expect(given(escrowRequested, ...prepared).escrowTxHash).toBe('AB12');
    expect(when([escrowRequested, ...prepared], prepare())).toEqual([]);
    expect(() => when([escrowRequested, ...prepared], prepare('CD34'))).toThrow(/has its escrow AB12 already/);
    expect(() => when([requested], prepare())).toThrow(ValidationError);
  });

  it('issues only after the payment is secured, once', () => {
    expect(() => when([requested], { type: 'Issue', data: issueData })).toThrow(/before its payment is secured/);
    expect(when([requested, paid], { type: 'Issue', data: issueData })).toEqual([issued]);
    expect(when([requested, paid, issued], { type: 'Issue', data: issueData })).toEqual([]);
    expect(given(requested, paid, issued).status).toBe('issued');
  });

  it('fails a purchase not yet issued (refunded when money was taken), never an issued one', () => {
    const failed = when([requested, paid], { type: 'Fail', data: { reason: 'Escrow not finished', refunded: true } });
    expect(failed).toEqual([LicensePurchaseFailed.create({ licenseId: 'l1', reason: 'Escrow not finished', refunded: true })]);
    expect(given(requested, paid, ...failed).status).toBe('refunded');
    expect(when([requested, ...failed], { type: 'Fail', data: { reason: 'again', refunded: false } })).toEqual([]);
    expect(() => when([requested, paid, issued], { type: 'Fail', data: { reason: 'late', refunded: false } })).toThrow(IllegalStateError);
  });

  it('takes one rating from the buyer of an issued license', () => {
    const rate = (raterId: string, rating = 4): LicenseCommand => ({ type: 'Rate', data: { raterId, rating, ratedAt: NOW } });
    expect(() => when([requested, paid], rate(buyerId))).toThrow(/once it is issued/);
    expect(() => when([requested, paid, issued], rate(ownerId))).toThrow(UnauthorizedError);
    const rated = when([requested, paid, issued], rate(buyerId));
    expect(rated).toEqual([LicenseRated.create({ licenseId: 'l1', rating: 4, ratedAt: NOW })]);
    expect(() => when([requested, paid, issued, ...rated], rate(buyerId, 5))).toThrow(/rated this license already/);
    expect(() => when([requested, paid, issued], rate(buyerId, 6))).toThrow(ValidationError);
  });
});
