// The purchase side of the licensing marketplace: buying a license by
// tokens (held, captured on issue), by card (a Stripe Checkout session the webhook completes) or by
// XRPL escrow (needs XRPL_URL); the buyer's licenses, the owner's sales, one license, its signed
// certificate as JSON and PDF, and the buyer's rating. Every refusal is decided here, before
// anything is held, from the offer's and the work's streams.
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  licenseEnvelopeSchema,
  purchasedLicenseListSchema,
  purchaseRequestSchema,
  purchaseResponseSchema,
  rateLicenseRequestSchema,
  salesSummarySchema,
  type PurchaseResponse,
} from '../../../domain/contracts/licensing';
import { licenseDecider, licenseStreamId, PURCHASE_REFUSALS, type LicenseEvent } from '../../../domain/licensing/license.decider';
import { readOffer } from '../../../domain/licensing/offer-snapshot';
import { ForbiddenError, IllegalStateError, InsufficientTokensError, NotFoundError, PaymentRequiredError, ValidationError } from '../../../domain/shared/errors';
import { availableMicros } from '../../../domain/tokens/token-account.decider';
import { trackStreamId } from '../../../domain/track/track.events';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { signedLicenseCertificateSchema, type SignedLicenseCertificate } from '../../../infra/licensing/license-certificate';
import { renderLicenseCertificatePdf } from '../../../infra/licensing/license-certificate-pdf';
import { ESCROW_NEEDS_LEDGER, EscrowNotPayableError, escrowOf } from '../../../infra/licensing/license-escrow';
import { WalletNotFundedError } from '../../../infra/royalties/contract-anchor';
import { findPurchasedLicense, listBuyerLicenses, listOwnerSales, publicLicense, type StoredLicense } from '../../../projections/license-sales/queries';
import { PURCHASE_FAILURE_KINDS } from '../../../workflows/license-purchase/shared';
import { fileResponse } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { idParams } from '../shared-schemas';
import { signedLicenseCertificateResponseSchema } from './schemas';

export const CARD_NOT_CONFIGURED = 'Card payments are not offered on this server: pay with tokens instead.';
export const ESCROW_NOT_SET_UP = 'XRP escrow is not offered on this server: pay with tokens instead.';
const CENTS_TO_MICROS = 10_000;

export const licensePurchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const { db, eventStore, projector, tokenLedger } = deps;
  const purchases = deps.licensePurchases;
  const licensingFrozen = deps.licensingFrozenOf ?? (async () => false);

  /** Waits until the read models show everything the license's stream holds. */
  const settled = async (licenseId: string) => {
    const last = (await eventStore.readStream(licenseStreamId(licenseId))).at(-1);
    if (last) await projector.waitFor(last.position);
  };

  /** The license when the signed-in user bought or sold it; 404 otherwise (another's license is not said to exist). */
  const visibleLicense = async (userId: string, licenseId: string): Promise<StoredLicense> => {
    const license = await findPurchasedLicense(db, licenseId);
    if (!license || (license.buyerId !== userId && license.ownerId !== userId)) throw new NotFoundError('License not found');
    return license;
  };

  const signedCertificate = async (licenseId: string): Promise<SignedLicenseCertificate> => {
    const events = (await eventStore.readStream(licenseStreamId(licenseId))).map((e) => ({ type: e.type, data: e.data }) as LicenseEvent);
    const issued = events.find((e) => e.type === 'LicenseIssued');
    if (!issued || issued.type !== 'LicenseIssued') throw new IllegalStateError('This license has no certificate yet: it is issued once the payment is secured');
    return signedLicenseCertificateSchema.parse({ certificate: issued.data.certificate, signature: issued.data.signature });
  };

  app.post('/api/licenses/purchase', { schema: { summary: 'Buy a license on the marketplace: by tokens, card (Stripe Checkout) or XRPL escrow', tags: ['licensing'], body: purchaseRequestSchema, response: { 200: purchaseResponseSchema } } }, async (request) => {
    const buyerId = requireUserId(request);
    const { licenseId: offerId, paymentMethod } = request.body;
    const offer = await readOffer(eventStore, offerId);
    if (!offer) throw new NotFoundError('License offer not found');
    if (offer.ownerId === buyerId) throw new ForbiddenError(PURCHASE_REFUSALS.ownWork);
    if (offer.withdrawn) throw new IllegalStateError(PURCHASE_REFUSALS.withdrawn);
    if (!offer.details.paymentOptions.includes(paymentMethod)) throw new ValidationError(PURCHASE_REFUSALS.methodNotOffered(paymentMethod));
    const frozen = await licensingFrozen(offer.workId);
    if (frozen) throw new IllegalStateError(PURCHASE_REFUSALS.frozen);
    const track = await eventStore.readStream(trackStreamId(offer.workId));
    const workRegistered = track.some((e) => e.type === 'TrackCertificateIssued');
    if (!workRegistered) throw new ValidationError(PURCHASE_REFUSALS.notRegistered);
    const priceCents = offer.details.priceCents;
    if (paymentMethod === 'qxmp_tokens') {
      const free = availableMicros(await tokenLedger.account(buyerId));
      if (free < priceCents * CENTS_TO_MICROS) throw new InsufficientTokensError(priceCents * CENTS_TO_MICROS, free);
    }
    if (paymentMethod === 'stripe' && !deps.payments?.createLicenseCheckout) throw new IllegalStateError(CARD_NOT_CONFIGURED);
    if (paymentMethod === 'polygon_escrow') {
      const escrow = deps.licenseEscrow;
      if (!escrow) throw new IllegalStateError(deps.ledger.url ? ESCROW_NOT_SET_UP : ESCROW_NEEDS_LEDGER);
      try {
        await escrow.ensureFunded({ buyerId, priceCents, currency: offer.details.currency });
      } catch (error) {
        // A QXMP price is the offer's (400); a missing XRP_USD_RATE is the server's (409).
        if (error instanceof EscrowNotPayableError) throw error.kind === 'qxmp_price' ? new ValidationError(error.message) : new IllegalStateError(error.message);
        if (error instanceof WalletNotFundedError) throw new PaymentRequiredError(error.message);
        throw error;
      }
    }

    const licenseId = randomUUID();
    const context = { correlationId: randomUUID(), actor: `user:${buyerId}` };
    await handleCommand(eventStore, licenseStreamId(licenseId), licenseDecider, {
      type: 'RequestPurchase',
      data: { licenseId, offerId, workId: offer.workId, workTitle: offer.workTitle, ownerId: offer.ownerId, buyerId, offer: offer.details, paymentMethod, offerWithdrawn: offer.withdrawn, licensingFrozen: frozen, workRegistered, requestedAt: new Date().toISOString() },
    }, context);
    request.log.info({ licenseId, offerId, buyerId, paymentMethod }, 'license purchase requested');

    if (paymentMethod === 'stripe') {
      const session = await deps.payments!.createLicenseCheckout!({
        licenseId,
        userId: buyerId,
        amountCents: priceCents,
        description: `License of "${offer.workTitle}"`,
        successUrl: `${deps.publicOrigin()}/licensing-marketplace?tab=licenses&license=${licenseId}`,
        cancelUrl: `${deps.publicOrigin()}/licensing-marketplace?license=${licenseId}&cancelled=1`,
      });
      await settled(licenseId);
      return answer(licenseId, 'awaiting_payment', 'Pay on the Stripe Checkout page; the license is issued once the payment is received', { checkoutUrl: session.url });
    }
    const outcome = await purchases.purchase({ licenseId, publicOrigin: deps.publicOrigin(), ...context });
    await settled(licenseId);
    if (outcome.status === 'failed') {
      if (outcome.kind === PURCHASE_FAILURE_KINDS.insufficientTokens) throw new PaymentRequiredError(outcome.message);
      // A dispute froze the work while the purchase ran: refused at issue, the money given back.
      if (outcome.kind === PURCHASE_FAILURE_KINDS.licensingFrozen) throw new IllegalStateError(outcome.message);
      return { ...answer(licenseId, 'failed', outcome.message), success: false };
    }
    const escrow = paymentMethod === 'polygon_escrow' ? await escrowAnswer(licenseId) : null;
    return answer(licenseId, 'issued', `License issued: ${offer.workTitle}`, { escrow });
  });

  /** The escrow as the ledger has it: created (secured), finished once the license is issued. */
  async function escrowAnswer(licenseId: string): Promise<PurchaseResponse['escrow']> {
    const events = (await eventStore.readStream(licenseStreamId(licenseId))).map((e) => ({ type: e.type, data: e.data }) as LicenseEvent);
    const escrow = escrowOf(events);
    if (!escrow) return null;
    const issued = events.some((e) => e.type === 'LicenseIssued');
    const secured = events.some((e) => e.type === 'LicensePaymentSecured');
    return { account: escrow.account, destination: escrow.destination, xrpAmount: escrow.xrpAmount, txHash: escrow.txHash, status: issued ? 'finished' : secured ? 'created' : 'prepared' };
  }

  app.get('/api/licenses/mine', { schema: { summary: 'The licenses you bought, newest first', tags: ['licensing'], response: { 200: purchasedLicenseListSchema } } }, async (request) => ({
    licenses: (await listBuyerLicenses(db, requireUserId(request))).map(publicLicense),
  }));

  app.get('/api/licenses/sales', { schema: { summary: 'The licenses of your works that others bought, with totals of the issued ones', tags: ['licensing'], response: { 200: salesSummarySchema } } }, async (request) => {
    const { sales, totals } = await listOwnerSales(db, requireUserId(request));
    return { sales: sales.map(publicLicense), totals };
  });

  app.get('/api/licenses/:id', { schema: { summary: 'One license you bought or sold', tags: ['licensing'], params: idParams, response: { 200: licenseEnvelopeSchema } } }, async (request) => ({
    license: publicLicense(await visibleLicense(requireUserId(request), request.params.id)),
  }));

  app.get('/api/licenses/:id/certificate.json', { schema: { summary: "The license's signed certificate (Ed25519 over its RFC 8785 canonical JSON)", tags: ['licensing'], params: idParams, response: { 200: signedLicenseCertificateResponseSchema } } }, async (request, reply) => {
    const license = await visibleLicense(requireUserId(request), request.params.id);
    const signed = await signedCertificate(license.id);
    void reply.header('Content-Disposition', `attachment; filename="${signed.certificate.certificateId}.json"`).header('Cache-Control', 'private, no-cache');
    return signed;
  });

  app.get('/api/licenses/:id/certificate.pdf', { schema: { summary: "The license's certificate as a PDF, with its signature and a QR code to its proof", tags: ['licensing'], params: idParams, response: { 200: fileResponse('application/pdf', 'The license certificate PDF') } } }, async (request, reply) => {
    const license = await visibleLicense(requireUserId(request), request.params.id);
    const signed = await signedCertificate(license.id);
    const pdf = await renderLicenseCertificatePdf(signed);
    return (reply as FastifyReply).type('application/pdf').header('Content-Disposition', `attachment; filename="${signed.certificate.certificateId}.pdf"`).header('Cache-Control', 'private, no-cache').send(pdf);
  });

  app.post('/api/licenses/:id/rating', { schema: { summary: 'Rate a license you bought, 1 to 5, once it is issued', tags: ['licensing'], params: idParams, body: rateLicenseRequestSchema, response: { 200: licenseEnvelopeSchema } } }, async (request) => {
    const userId = requireUserId(request);
    const license = await visibleLicense(userId, request.params.id);
    if (license.buyerId !== userId) throw new ForbiddenError('Only the buyer of this license can rate it');
    const { result } = await handleCommand(eventStore, licenseStreamId(license.id), licenseDecider, { type: 'Rate', data: { raterId: userId, rating: request.body.rating, ratedAt: new Date().toISOString() } }, { correlationId: randomUUID(), actor: `user:${userId}` });
    if (result) await projector.waitFor(result.lastPosition);
    return { license: publicLicense((await findPurchasedLicense(db, license.id))!) };
  });
};

function answer(licenseId: string, status: PurchaseResponse['status'], message: string, extra: Partial<Pick<PurchaseResponse, 'checkoutUrl' | 'escrow'>> = {}): PurchaseResponse {
  return { success: status !== 'failed', contractId: licenseId, status, checkoutUrl: extra.checkoutUrl ?? null, escrow: extra.escrow ?? null, message };
}
