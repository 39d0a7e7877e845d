// Events of one purchased license (stream `license-<licenseId>`): the purchase with its payment,
// the issued certificate (signed like a copyright certificate) and its licensing proof, the buyer's
// rating. Money is integer cents (token cents for QXMP).
import { z } from 'zod';
import { LICENSE_CURRENCIES, PAYMENT_OPTIONS } from '../contracts/licensing';
import { defineEvent } from '../shared/events';
import { offerDetailsSchema } from './license-offer.events';

const id = z.string().min(1).max(200);

export const signatureSchema = z.object({
  algorithm: z.literal('Ed25519'),
  keyId: z.string().min(1),
  publicKey: z.string().min(1),
  canonicalization: z.literal('RFC8785'),
  value: z.string().min(1),
});

export const LicensePurchaseRequested = defineEvent(
  'LicensePurchaseRequested',
  1,
  z.object({
    licenseId: id,
    offerId: id,
    workId: id,
    workTitle: z.string(),
    ownerId: z.uuid(),
    buyerId: z.uuid(),
    /** The offer's terms as bought (a later change of the offer does not change this license). */
    offer: offerDetailsSchema,
    paymentMethod: z.enum(PAYMENT_OPTIONS),
    currency: z.enum(LICENSE_CURRENCIES),
    priceCents: z.number().int().positive(),
    requestedAt: z.iso.datetime(),
  }),
);

/** The money is secured: tokens held, card paid (Stripe Checkout session), or escrow created on the ledger. */
export const LicensePaymentSecured = defineEvent(
  'LicensePaymentSecured',
  1,
  z.object({
    licenseId: id,
    paymentMethod: z.enum(PAYMENT_OPTIONS),
    /** The token hold id, the Checkout session id, or the EscrowCreate transaction hash. */
    reference: z.string().min(1),
    detail: z.record(z.string(), z.unknown()).default({}),
  }),
);

/**
 * An XRPL escrow purchase's EscrowCreate, signed from the buyer's own account and recorded BEFORE it
 * is submitted: a retry submits this very transaction (found again by its hash and Sequence) and
 * never signs a second escrow. The preimage is sealed with the wallet key box; no read model holds it.
 */
export const LicenseEscrowPrepared = defineEvent(
  'LicenseEscrowPrepared',
  1,
  z.object({
    licenseId: id,
    /** The buyer's XRPL account (the escrow's owner). */
    account: z.string().min(25),
    /** The platform's XRPL account (the escrow's destination). */
    destination: z.string().min(25),
    xrpAmount: z.string().min(1),
    drops: z.string().regex(/^[0-9]+$/),
    /** The EscrowCreate's Sequence: with the account, what names the escrow on the ledger (EscrowFinish's OfferSequence). */
    sequence: z.number().int().positive(),
    txHash: z.string().min(1),
    txBlob: z.string().min(1),
    /** The PREIMAGE-SHA-256 condition, upper-case hex. */
    condition: z.string().min(1),
    /** The 32-byte preimage, hex, sealed with the wallet key box. */
    sealedPreimage: z.string().min(1),
    cancelAfter: z.iso.datetime(),
  }),
);

export const LicenseIssued = defineEvent(
  'LicenseIssued',
  1,
  z.object({
    licenseId: id,
    certificateId: id,
    /** The license certificate's fields exactly as signed; its `proofId` names the licensing proof. */
    certificate: z.looseObject({ certificateId: z.string(), licenseId: z.string(), workId: z.string(), buyer: z.string(), owner: z.string() }),
    signature: signatureSchema,
    proofId: id,
    /** Where the money went: captured hold, card charge, finished escrow. */
    settlementReference: z.string().min(1),
    issuedAt: z.iso.datetime(),
  }),
);

export const LicensePurchaseFailed = defineEvent(
  'LicensePurchaseFailed',
  1,
  z.object({ licenseId: id, reason: z.string().min(1), refunded: z.boolean() }),
);

export const LicenseRated = defineEvent('LicenseRated', 1, z.object({ licenseId: id, rating: z.number().int().min(1).max(5), ratedAt: z.iso.datetime() }));

export const licenseEventDefinitions = [LicensePurchaseRequested, LicenseEscrowPrepared, LicensePaymentSecured, LicenseIssued, LicensePurchaseFailed, LicenseRated] as const;
