// The marketplace's calls as the server sees them: the method, address and body of a purchase, an
// offer's update (its work left out, as PUT takes it) and a rating, answers parsed with their
// contracts, and a refusal carried up with the server's words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../lib/api-client';
import { marketplaceLicense, purchasedLicense } from '../licensing.fixture';
import { offerFormFrom, offerRequestFrom } from '../labels';
import { purchaseLicense, rateLicense, updateOffer } from './licensing';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof answer>) {
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, method: init.method, body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined, credentials: init.credentials };
}

afterEach(() => vi.unstubAllGlobals());

describe('licensing calls', () => {
  it('purchases with the license and method, with the session cookie', async () => {
    const fetchMock = answer(200, { success: true, contractId: 'license-1', status: 'issued', checkoutUrl: null, escrow: null, message: 'License issued' });
    await expect(purchaseLicense({ licenseId: 'offer-1', paymentMethod: 'qxmp_tokens' })).resolves.toMatchObject({ status: 'issued' });
    expect(sent(fetchMock)).toEqual({ url: '/api/licenses/purchase', method: 'POST', body: { licenseId: 'offer-1', paymentMethod: 'qxmp_tokens' }, credentials: 'include' });
  });

  it('carries a refusal up with the server’s words', async () => {
    answer(403, { error: 'You cannot license your own work' });
    const failure = await purchaseLicense({ licenseId: 'offer-1', paymentMethod: 'stripe' }).catch((error: unknown) => error);
    expect(errorMessage(failure, 'Unknown error')).toBe('You cannot license your own work');
  });

  it('updates an offer without its work', async () => {
    const offer = marketplaceLicense();
    const checked = offerRequestFrom(offerFormFrom(offer));
    if (!checked.ok) throw new Error(checked.error);
    const fetchMock = answer(200, { license: offer });
    await updateOffer({ offerId: offer.id, request: checked.request });
    const request = sent(fetchMock);
    expect(request.url).toBe('/api/licenses/offers/offer-1');
    expect(request.method).toBe('PUT');
    expect(request.body).not.toHaveProperty('workId');
    expect(request.body).toMatchObject({ priceCents: 4999, paymentOptions: ['stripe', 'qxmp_tokens'] });
  });

  it('rates a license and reads the license back', async () => {
    const fetchMock = answer(200, { license: purchasedLicense({ rating: 5 }) });
    await expect(rateLicense({ licenseId: 'license-1', rating: 5 })).resolves.toMatchObject({ rating: 5 });
    expect(sent(fetchMock)).toMatchObject({ url: '/api/licenses/license-1/rating', method: 'POST', body: { rating: 5 } });
  });
});
