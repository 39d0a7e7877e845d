// The purchased license aggregate (stream `license-<licenseId>`): requested → payment secured →
// issued, or failed (refunded when money had been taken); rated once, by its buyer, once issued.
// The facts a purchase is refused on (the offer withdrawn, the work's licensing frozen, the buyer
// owning the work, a payment method the offer does not take) arrive in the command, read by the
// caller from the offer's and the work's streams; the decider states the rule.
import type { PaymentOption } from '../contracts/licensing';
import { IllegalStateError, UnauthorizedError, ValidationError } from '../shared/errors';
import {
  LicenseEscrowPrepared,
  LicenseIssued,
  LicensePaymentSecured,
  LicensePurchaseFailed,
  LicensePurchaseRequested,
  LicenseRated,
  type licenseEventDefinitions,
} from './license.events';
import type { OfferDetails } from './license-offer.events';
import { LICENSING_FROZEN } from './ports';

export type LicenseEvent = ReturnType<(typeof licenseEventDefinitions)[number]['create']>;

export function licenseStreamId(licenseId: string): string {
  return `license-${licenseId}`;
}

export type LicenseStatus = 'none' | 'requested' | 'paid' | 'issued' | 'failed' | 'refunded';

export interface LicenseState {
  status: LicenseStatus;
  licenseId: string | null;
  offerId: string | null;
  workId: string | null;
  ownerId: string | null;
  buyerId: string | null;
  paymentMethod: PaymentOption | null;
  priceCents: number;
  paymentReference: string | null;
  /** The recorded EscrowCreate's hash (escrow purchases), once prepared. */
  escrowTxHash: string | null;
  rating: number | null;
}

export const initialLicenseState: LicenseState = {
  status: 'none',
  licenseId: null,
  offerId: null,
  workId: null,
  ownerId: null,
  buyerId: null,
  paymentMethod: null,
  priceCents: 0,
  paymentReference: null,
  escrowTxHash: null,
  rating: null,
};

/** Refusal texts the API answers with (and the web shows as they are). */
export const PURCHASE_REFUSALS = {
  ownWork: 'You cannot license your own work',
  withdrawn: 'This license offer was withdrawn and can no longer be bought',
  frozen: LICENSING_FROZEN,
  notRegistered: 'This work is not registered, so it cannot be licensed',
  methodNotOffered: (method: string) => `The owner does not accept ${method} for this license`,
} as const;

export type LicenseCommand =
  | {
      type: 'RequestPurchase';
      data: {
        licenseId: string;
        offerId: string;
        workId: string;
        workTitle: string;
        ownerId: string;
        buyerId: string;
        offer: OfferDetails;
        paymentMethod: PaymentOption;
        /** The offer's stream says it is withdrawn. */
        offerWithdrawn: boolean;
        /** The work is disputed or its licensing frozen while a dispute about it is open. */
        licensingFrozen: boolean;
        /** The work's certificate was issued (read from its track stream). */
        workRegistered: boolean;
        requestedAt: string;
      };
    }
  | { type: 'PrepareEscrow'; data: Omit<ReturnType<typeof LicenseEscrowPrepared.create>['data'], 'licenseId'> }
  | { type: 'SecurePayment'; data: { paymentMethod: PaymentOption; reference: string; detail?: Record<string, unknown> } }
  | {
      type: 'Issue';
      data: Omit<ReturnType<typeof LicenseIssued.create>['data'], 'licenseId'>;
    }
  | { type: 'Fail'; data: { reason: string; refunded: boolean } }
  | { type: 'Rate'; data: { raterId: string; rating: number; ratedAt: string } };

function requestPurchase(data: Extract<LicenseCommand, { type: 'RequestPurchase' }>['data'], state: LicenseState): LicenseEvent[] {
  if (state.status !== 'none') {
    if (state.buyerId === data.buyerId && state.offerId === data.offerId) return [];
    throw new IllegalStateError(`License ${data.licenseId} was already requested`);
  }
  if (data.buyerId === data.ownerId) throw new UnauthorizedError(PURCHASE_REFUSALS.ownWork);
  if (!data.workRegistered) throw new ValidationError(PURCHASE_REFUSALS.notRegistered);
  if (data.offerWithdrawn) throw new IllegalStateError(PURCHASE_REFUSALS.withdrawn);
  if (data.licensingFrozen) throw new IllegalStateError(PURCHASE_REFUSALS.frozen);
  if (!data.offer.paymentOptions.includes(data.paymentMethod)) throw new ValidationError(PURCHASE_REFUSALS.methodNotOffered(data.paymentMethod));
  return [
    LicensePurchaseRequested.create({
      licenseId: data.licenseId,
      offerId: data.offerId,
      workId: data.workId,
      workTitle: data.workTitle,
      ownerId: data.ownerId,
      buyerId: data.buyerId,
      offer: data.offer,
      paymentMethod: data.paymentMethod,
      currency: data.offer.currency,
      priceCents: data.offer.priceCents,
      requestedAt: data.requestedAt,
    }),
  ];
}

export function decideLicense(command: LicenseCommand, state: LicenseState): LicenseEvent[] {
  if (command.type === 'RequestPurchase') return requestPurchase(command.data, state);
  if (state.status === 'none' || !state.licenseId) throw new IllegalStateError('No such license purchase');
  const licenseId = state.licenseId;
  switch (command.type) {
    case 'PrepareEscrow': {
      if (state.escrowTxHash) {
        if (state.escrowTxHash === command.data.txHash) return [];
        throw new IllegalStateError(`License ${licenseId} has its escrow ${state.escrowTxHash} already`);
      }
      if (state.paymentMethod !== 'polygon_escrow') throw new ValidationError(`License ${licenseId} is paid by ${state.paymentMethod}, not by escrow`);
      if (state.status !== 'requested') throw new IllegalStateError(`License ${licenseId} is ${state.status} and takes no escrow`);
      return [LicenseEscrowPrepared.create({ ...command.data, licenseId })];
    }
    case 'SecurePayment': {
      if (state.status === 'paid' || state.status === 'issued') {
        if (state.paymentReference === command.data.reference) return [];
        throw new IllegalStateError(`License ${licenseId} is paid already`);
      }
      if (state.status !== 'requested') throw new IllegalStateError(`License ${licenseId} failed and cannot be paid`);
      if (command.data.paymentMethod !== state.paymentMethod) throw new ValidationError(`License ${licenseId} is paid by ${state.paymentMethod}, not ${command.data.paymentMethod}`);
      return [LicensePaymentSecured.create({ licenseId, paymentMethod: command.data.paymentMethod, reference: command.data.reference, detail: command.data.detail ?? {} })];
    }
    case 'Issue': {
      if (state.status === 'issued') return [];
      if (state.status !== 'paid') throw new IllegalStateError(`License ${licenseId} cannot be issued before its payment is secured`);
      return [LicenseIssued.create({ ...command.data, licenseId })];
    }
    case 'Fail': {
      if (state.status === 'failed' || state.status === 'refunded') return [];
      if (state.status === 'issued') throw new IllegalStateError(`License ${licenseId} was issued and cannot fail`);
      return [LicensePurchaseFailed.create({ licenseId, reason: command.data.reason.slice(0, 1000), refunded: command.data.refunded })];
    }
    case 'Rate': {
      if (command.data.raterId !== state.buyerId) throw new UnauthorizedError('Only the buyer of this license can rate it');
      if (state.status !== 'issued') throw new IllegalStateError('A license can be rated once it is issued');
      if (state.rating !== null) throw new IllegalStateError('You rated this license already');
      if (!Number.isInteger(command.data.rating) || command.data.rating < 1 || command.data.rating > 5) throw new ValidationError('A rating is a whole number from 1 to 5');
      return [LicenseRated.create({ licenseId, rating: command.data.rating, ratedAt: command.data.ratedAt })];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown license command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveLicense(state: LicenseState, event: LicenseEvent): LicenseState {
  switch (event.type) {
    case 'LicensePurchaseRequested': {
      const { licenseId, offerId, workId, ownerId, buyerId, paymentMethod, priceCents } = event.data;
      return { ...state, status: 'requested', licenseId, offerId, workId, ownerId, buyerId, paymentMethod, priceCents };
    }
    case 'LicenseEscrowPrepared':
      return { ...state, escrowTxHash: event.data.txHash };
    case 'LicensePaymentSecured':
      return { ...state, status: 'paid', paymentReference: event.data.reference };
    case 'LicenseIssued':
      return { ...state, status: 'issued' };
    case 'LicensePurchaseFailed':
      return { ...state, status: event.data.refunded ? 'refunded' : 'failed' };
    case 'LicenseRated':
      return { ...state, rating: event.data.rating };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown license event ${JSON.stringify(unknown)}`);
    }
  }
}

export const licenseDecider = { decide: decideLicense, evolve: evolveLicense, initialState: initialLicenseState };
