// What the marketplace sends and decides without rendering: every filter as a query parameter the
// listing route accepts, the default payment method, who may buy, which works may be offered, and
// the Offer a license form checked with the route's own schema.
import { describe, expect, it } from 'vitest';
import { marketplaceQuerySchema } from '../../../../domain/contracts/licensing';
import { CAPABILITIES_FULL_FIXTURE as FULL, CAPABILITIES_ZERO_CONFIG_FIXTURE as ZERO_CONFIG } from '../../lib/capabilities.fixture';
import { vaultItem } from '../../lib/track/vault-item.fixture';
import {
  CURRENCY_LABELS,
  DEFAULT_FILTERS,
  DEFAULT_OFFER_FORM,
  defaultOfferForm,
  defaultPaymentMethod,
  formatPrice,
  formatRating,
  licensableWorks,
  marketplaceSearchParams,
  offerFormFrom,
  offerRequestFrom,
  purchaseBlockedReason,
} from './labels';
import { marketplaceLicense } from './licensing.fixture';

const parse = (query: string) => marketplaceQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

describe('marketplace query parameters', () => {
  it('sends the default filters: both checkboxes on, popularity, everything else all, no price bound', () => {
    const query = marketplaceSearchParams(DEFAULT_FILTERS);
    expect(query).not.toContain('priceRange');
    expect(query).not.toContain('workId');
    expect(parse(query)).toMatchObject({ onlyVerified: true, onlyNoDisputes: true, sortBy: 'popularity', contentType: 'all', licenseType: 'all', scope: 'all', currency: 'all', territory: 'all', duration: 'all', paymentMethod: 'all' });
  });

  it('sends every chosen filter, the narrowed price range as "min,max" and the registry work, and the route accepts them', () => {
    const query = marketplaceSearchParams({
      ...DEFAULT_FILTERS,
      query: '  midnight rain ',
      sortBy: 'price_low',
      onlyVerified: false,
      onlyNoDisputes: false,
      contentType: 'audio',
      licenseType: 'synchronization',
      scope: 'exclusive',
      currency: 'QXMP',
      priceRange: [100, 2500],
      workId: 'track-1',
    });
    expect(parse(query)).toMatchObject({
      query: 'midnight rain',
      sortBy: 'price_low',
      onlyVerified: false,
      onlyNoDisputes: false,
      contentType: 'audio',
      licenseType: 'synchronization',
      scope: 'exclusive',
      currency: 'QXMP',
      priceRange: '100,2500',
      workId: 'track-1',
    });
  });

  it('asks for a page of 24 from the offset, the first page without one', () => {
    expect(parse(marketplaceSearchParams(DEFAULT_FILTERS))).toMatchObject({ limit: 24, offset: 0 });
    expect(parse(marketplaceSearchParams(DEFAULT_FILTERS, 48))).toMatchObject({ limit: 24, offset: 48 });
  });
});

describe('purchase rules', () => {
  it('defaults to stripe where this server takes cards and the license offers it, else the first offered method it takes', () => {
    expect(defaultPaymentMethod(['qxmp_tokens', 'stripe'], FULL)).toBe('stripe');
    expect(defaultPaymentMethod(['qxmp_tokens', 'polygon_escrow'], FULL)).toBe('qxmp_tokens');
    expect(defaultPaymentMethod([], FULL)).toBeNull();
  });

  it('never defaults to card where this server takes no cards, nor to escrow without escrow, nor to either before the server has said', () => {
    expect(defaultPaymentMethod(['stripe', 'qxmp_tokens'], ZERO_CONFIG)).toBe('qxmp_tokens');
    expect(defaultPaymentMethod(['stripe', 'polygon_escrow', 'qxmp_tokens'], ZERO_CONFIG)).toBe('qxmp_tokens');
    expect(defaultPaymentMethod(['stripe'], ZERO_CONFIG)).toBeNull();
    expect(defaultPaymentMethod(['stripe', 'qxmp_tokens'], undefined)).toBe('qxmp_tokens');
  });

  it('cannot buy a license none of whose methods this server takes, and says why in plain words', () => {
    const cardOnly = marketplaceLicense({ pricing: { ...marketplaceLicense().pricing, paymentOptions: ['stripe'] } });
    expect(purchaseBlockedReason(cardOnly, null, ZERO_CONFIG)).toBe('Card payments are not offered on this server; pay with tokens or XRP where offered.');
    expect(purchaseBlockedReason(cardOnly, null, FULL)).toBeNull();
    expect(purchaseBlockedReason(marketplaceLicense(), null, ZERO_CONFIG)).toBeNull();
  });

  it('blocks a disputed contract for everyone, a withdrawn offer, and the viewer’s own work by id or by name', () => {
    const viewer = { username: 'bob', ownWorkIds: new Set(['track-9']) };
    expect(purchaseBlockedReason(marketplaceLicense(), viewer, FULL)).toBeNull();
    expect(purchaseBlockedReason(marketplaceLicense(), null, FULL)).toBeNull();
    const disputed = marketplaceLicense({ smartContract: { ...marketplaceLicense().smartContract, contractStatus: 'disputed' } });
    expect(purchaseBlockedReason(disputed, null, FULL)).toMatch(/disputed/);
    expect(purchaseBlockedReason(marketplaceLicense({ status: 'withdrawn' }), viewer, FULL)).toMatch(/withdrawn/);
    expect(purchaseBlockedReason(marketplaceLicense({ workId: 'track-9' }), viewer, FULL)).toBe('This is your own work');
    expect(purchaseBlockedReason(marketplaceLicense({ creator: 'bob' }), viewer, FULL)).toBe('This is your own work');
  });
});

describe('display', () => {
  it('writes USD with a dollar sign and tokens as QXMP, ratings to one decimal', () => {
    expect(formatPrice(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatPrice(25, 'QXMP')).toBe('25.00 tokens');
    // One name for the currency in the UI: never "QXMP".
    expect(Object.values(CURRENCY_LABELS).join(' ')).not.toContain('QXMP');
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(null)).toBe('No ratings');
  });
});

describe('offer form', () => {
  const registered = vaultItem({ id: 'track-1', certificateId: 'CERT-1' });

  it('pre-ticks card and tokens where this server takes cards, tokens alone where it does not', () => {
    expect(defaultOfferForm(FULL).paymentOptions).toEqual(['stripe', 'qxmp_tokens']);
    expect(defaultOfferForm(ZERO_CONFIG).paymentOptions).toEqual(['qxmp_tokens']);
  });
  const unregistered = vaultItem({ id: 'track-2', certificateId: null });

  it('offers only works whose certificate was issued', () => {
    expect(licensableWorks([registered, unregistered]).map((item) => item.id)).toEqual(['track-1']);
  });

  it('builds the route’s request in cents, with the lists one a line and empty custom terms as null', () => {
    const checked = offerRequestFrom({
      ...DEFAULT_OFFER_FORM,
      workId: 'track-1',
      price: 49.99,
      originalPrice: 79.99,
      permissions: 'Use in one film\n\n  Online trailers  ',
      restrictions: 'No resale',
      customTerms: '   ',
    });
    expect(checked).toEqual({
      ok: true,
      request: expect.objectContaining({
        workId: 'track-1',
        priceCents: 4999,
        originalPriceCents: 7999,
        paymentOptions: ['stripe', 'qxmp_tokens'],
        terms: expect.objectContaining({ permissions: ['Use in one film', 'Online trailers'], restrictions: ['No resale'], customTerms: null }),
      }),
    });
  });

  it('puts an offer back in the form so that saving it unchanged sends the same offer', () => {
    const offer = marketplaceLicense();
    const checked = offerRequestFrom(offerFormFrom(offer));
    expect(checked).toEqual({
      ok: true,
      request: {
        workId: offer.workId,
        type: offer.type,
        scope: offer.scope,
        territory: offer.territory,
        duration: offer.duration,
        currency: offer.pricing.currency,
        priceCents: offer.pricing.amountCents,
        originalPriceCents: 7999,
        paymentOptions: offer.pricing.paymentOptions,
        terms: offer.terms,
      },
    });
  });

  it('says what is missing or wrong in the schema’s words before anything is sent', () => {
    expect(offerRequestFrom({ ...DEFAULT_OFFER_FORM, price: 10 })).toEqual({ ok: false, error: 'Choose a registered work to license' });
    expect(offerRequestFrom({ ...DEFAULT_OFFER_FORM, workId: 'track-1', price: 0.5 })).toEqual({ ok: false, error: 'The price must be at least 1.00' });
    expect(offerRequestFrom({ ...DEFAULT_OFFER_FORM, workId: 'track-1', price: 10, paymentOptions: [] })).toEqual({ ok: false, error: 'Offer at least one payment method' });
    expect(offerRequestFrom({ ...DEFAULT_OFFER_FORM, workId: 'track-1', price: 10, originalPrice: 5 })).toMatchObject({ ok: false, error: expect.stringMatching(/original price/) });
  });
});
