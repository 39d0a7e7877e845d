// What the marketplace sends and decides without rendering: every filter as a query parameter the
// listing route accepts, the default payment method, who may buy, which works may be offered, and
// the Offer a license form checked with the route's own schema.
import { describe, expect, it } from 'vitest';
import { marketplaceQuerySchema } from '../../../../domain/contracts/licensing';
import { vaultItem } from '../track-workflow/vault-item.fixture';
import {
  DEFAULT_FILTERS,
  DEFAULT_OFFER_FORM,
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
  it('sends the defaults the spec names: both checkboxes on, popularity, everything else all, no price bound', () => {
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
  it('defaults to stripe when offered, else the first offered method, and to nothing without methods', () => {
    expect(defaultPaymentMethod(['qxmp_tokens', 'stripe'])).toBe('stripe');
    expect(defaultPaymentMethod(['qxmp_tokens', 'polygon_escrow'])).toBe('qxmp_tokens');
    expect(defaultPaymentMethod([])).toBeNull();
  });

  it('blocks a disputed contract for everyone, a withdrawn offer, and the viewer’s own work by id or by name', () => {
    const viewer = { username: 'bob', ownWorkIds: new Set(['track-9']) };
    expect(purchaseBlockedReason(marketplaceLicense(), viewer)).toBeNull();
    expect(purchaseBlockedReason(marketplaceLicense(), null)).toBeNull();
    const disputed = marketplaceLicense({ smartContract: { ...marketplaceLicense().smartContract, contractStatus: 'disputed' } });
    expect(purchaseBlockedReason(disputed, null)).toMatch(/disputed/);
    expect(purchaseBlockedReason(marketplaceLicense({ status: 'withdrawn' }), viewer)).toMatch(/withdrawn/);
    expect(purchaseBlockedReason(marketplaceLicense({ workId: 'track-9' }), viewer)).toBe('This is your own work');
    expect(purchaseBlockedReason(marketplaceLicense({ creator: 'bob' }), viewer)).toBe('This is your own work');
  });
});

describe('display', () => {
  it('writes USD with a dollar sign and tokens as QXMP, ratings to one decimal', () => {
    expect(formatPrice(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatPrice(25, 'QXMP')).toBe('25.00 QXMP');
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(null)).toBe('No ratings');
  });
});

describe('offer form', () => {
  const registered = vaultItem({ id: 'track-1', certificateId: 'CERT-1' });
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
