// What the Licensing Marketplace says and sends, kept out of the components so
// it can be tested: license types, scopes and payment options in words, prices with their currency
// symbol, the filters as the listing's query parameters, who may buy a license, and the Offer a
// license form turned into the request the server validates.
import type { ContentType } from '../../../../domain/constants';
import {
  createOfferRequestSchema,
  PRICE_RANGE_MAX,
  type CreateOfferRequest,
  type LicenseScope,
  type LicenseType,
  type MarketplaceLicense,
  type PaymentOption,
  type PurchasedLicense,
} from '../../../../domain/contracts/licensing';
import type { WorkContentType } from '../../../../domain/contracts/registry';
import type { VaultItem } from '../../../../domain/contracts/vault';
import type { CapabilityId, CapabilityReport } from '../../../../domain/platform/capabilities';

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';
export type LicenseCurrency = MarketplaceLicense['pricing']['currency'];
export type ContractStatus = MarketplaceLicense['smartContract']['contractStatus'];
export type PurchaseStatus = PurchasedLicense['status'];

export const LICENSE_TYPE_DISPLAY: Record<LicenseType, { label: string; icon: string }> = {
  reproduction: { label: 'Reproduction', icon: 'pi-copy' },
  distribution: { label: 'Distribution', icon: 'pi-share-alt' },
  public_performance: { label: 'Public Performance', icon: 'pi-megaphone' },
  synchronization: { label: 'Synchronization', icon: 'pi-video' },
  adaptation: { label: 'Adaptation', icon: 'pi-pencil' },
  commercial_use: { label: 'Commercial Use', icon: 'pi-briefcase' },
};

export const SCOPE_LABELS: Record<LicenseScope, string> = {
  single_use: 'Single Use',
  limited: 'Limited',
  extended: 'Extended',
  exclusive: 'Exclusive',
  royalty_free: 'Royalty Free',
};

/** The card's payment badges: Card, token, XRP. */
export const PAYMENT_BADGES: Record<PaymentOption, { label: string; icon: string }> = {
  stripe: { label: 'Card', icon: 'pi-credit-card' },
  qxmp_tokens: { label: 'Tokens', icon: 'pi-wallet' },
  polygon_escrow: { label: 'XRP', icon: 'pi-lock' },
};

/** The Purchase dialog's and the offer form's names of a payment method. */
export const PAYMENT_METHOD_LABELS: Record<PaymentOption, string> = {
  stripe: 'Card (Stripe)',
  qxmp_tokens: 'GOOSE tokens',
  polygon_escrow: 'XRP Ledger escrow',
};

export const CONTENT_TYPE_LABELS: Record<WorkContentType, string> = { audio: 'Audio', video: 'Video', image: 'Image', text: 'Text' };

/** The registry's "audio" is the platform's "music" (domain/constants.ts). */
export function platformContentType(type: WorkContentType): ContentType {
  return type === 'audio' ? 'music' : type;
}

export const CURRENCY_LABELS: Record<LicenseCurrency, string> = { USD: 'USD', QXMP: 'Tokens' };

export const CONTRACT_STATUS_DISPLAY: Record<ContractStatus, { label: string; severity: Severity }> = {
  pending: { label: 'Pending', severity: 'warning' },
  active: { label: 'Active', severity: 'success' },
  completed: { label: 'Completed', severity: 'info' },
  disputed: { label: 'Disputed', severity: 'danger' },
};

export const PURCHASE_STATUS_DISPLAY: Record<PurchaseStatus, { label: string; severity: Severity }> = {
  awaiting_payment: { label: 'Awaiting payment', severity: 'warning' },
  paid: { label: 'Paid, being issued', severity: 'info' },
  issued: { label: 'Issued', severity: 'success' },
  failed: { label: 'Failed', severity: 'danger' },
  refunded: { label: 'Refunded', severity: 'secondary' },
};

export const SORT_OPTIONS = [
  { label: 'Most popular', value: 'popularity' },
  { label: 'Price: low to high', value: 'price_low' },
  { label: 'Price: high to low', value: 'price_high' },
  { label: 'Highest rated', value: 'rating' },
  { label: 'Newest', value: 'newest' },
  { label: 'Most sales', value: 'sales' },
] as const;

/** "$49.99" for USD; "49.99 tokens" for the platform's tokens (1 token = 1 USD): the UI names them tokens everywhere. */
export function formatPrice(amount: number, currency: LicenseCurrency): string {
  const number = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency === 'USD' ? `$${number}` : `${number} tokens`;
}

export function formatPriceCents(cents: number, currency: LicenseCurrency): string {
  return formatPrice(cents / 100, currency);
}

/** A rating to one decimal, or "No ratings" before any buyer rated. */
export function formatRating(rating: number | null): string {
  return rating === null ? 'No ratings' : rating.toFixed(1);
}

export interface MarketplaceFilters {
  query: string;
  sortBy: (typeof SORT_OPTIONS)[number]['value'];
  onlyVerified: boolean;
  onlyNoDisputes: boolean;
  contentType: 'all' | WorkContentType;
  licenseType: 'all' | LicenseType;
  scope: 'all' | LicenseScope;
  currency: 'all' | LicenseCurrency;
  /** In state, not in the interface. */
  territory: string;
  duration: string;
  paymentMethod: 'all' | PaymentOption;
  /** Whole currency units, the slider's [min, max]. */
  priceRange: [number, number];
  /** The registry's License button: only this work's offers. */
  workId: string | null;
}

export const DEFAULT_FILTERS: MarketplaceFilters = {
  query: '',
  sortBy: 'popularity',
  onlyVerified: true,
  onlyNoDisputes: true,
  contentType: 'all',
  licenseType: 'all',
  scope: 'all',
  currency: 'all',
  territory: 'all',
  duration: 'all',
  paymentMethod: 'all',
  priceRange: [0, PRICE_RANGE_MAX],
  workId: null,
};

export const PRICE_STEP = 100;
/** Licenses a page of the listing holds. */
export const PAGE_SIZE = 24;

/** The listing's query string: every filter goes to the server; the price only once narrowed; `offset` pages. */
export function marketplaceSearchParams(filters: MarketplaceFilters, offset = 0): string {
  const params = new URLSearchParams({
    query: filters.query.trim(),
    sortBy: filters.sortBy,
    onlyVerified: String(filters.onlyVerified),
    onlyNoDisputes: String(filters.onlyNoDisputes),
    contentType: filters.contentType,
    licenseType: filters.licenseType,
    scope: filters.scope,
    currency: filters.currency,
    territory: filters.territory,
    duration: filters.duration,
    paymentMethod: filters.paymentMethod,
  });
  const [min, max] = filters.priceRange;
  if (min > 0 || max < PRICE_RANGE_MAX) params.set('priceRange', `${min},${max}`);
  if (filters.workId) params.set('workId', filters.workId);
  params.set('limit', String(PAGE_SIZE));
  if (offset > 0) params.set('offset', String(offset));
  return params.toString();
}

/** What a payment method needs of the server; null: every server takes it. */
export const PAYMENT_CAPABILITIES: Record<PaymentOption, CapabilityId | null> = {
  stripe: 'card-payments',
  qxmp_tokens: null,
  polygon_escrow: 'xrp-escrow',
};

/** Whether this server takes the method; nothing that needs a capability before the server has said it has it. */
export function paymentMethodAvailable(option: PaymentOption, capabilities: CapabilityReport | undefined): boolean {
  const capability = PAYMENT_CAPABILITIES[option];
  return capability === null || capabilities?.[capability].available === true;
}

/** Why this server does not take the method, in its plain words; null when it does (or has not answered yet). */
export function paymentMethodReason(option: PaymentOption, capabilities: CapabilityReport | undefined): string | null {
  const capability = PAYMENT_CAPABILITIES[option];
  return capability === null || !capabilities ? null : capabilities[capability].reason;
}

/**
 * The purchase method defaults to stripe when the license offers it and this server
 * takes cards, else the first offered method the server takes; null when it takes none of them.
 */
export function defaultPaymentMethod(options: readonly PaymentOption[], capabilities: CapabilityReport | undefined): PaymentOption | null {
  const usable = options.filter((option) => paymentMethodAvailable(option, capabilities));
  return usable.includes('stripe') ? 'stripe' : (usable[0] ?? null);
}

export interface Viewer {
  username: string;
  /** The ids of the viewer's own content (their vault), so their own works are recognised. */
  ownWorkIds: ReadonlySet<string>;
}

/**
 * Why this viewer cannot buy the license, or null when they may (visitors are asked to sign in
 * later). A license none of whose payment methods this server takes cannot be bought here either.
 */
export function purchaseBlockedReason(license: MarketplaceLicense, viewer: Viewer | null, capabilities: CapabilityReport | undefined): string | null {
  if (license.smartContract.contractStatus === 'disputed') return 'This work is disputed: licensing is paused until the dispute is resolved';
  if (license.status !== 'active') return 'This offer has been withdrawn';
  if (viewer && (viewer.ownWorkIds.has(license.workId) || viewer.username === license.creator)) return 'This is your own work';
  const options = license.pricing.paymentOptions;
  if (capabilities && options.length > 0 && !options.some((option) => paymentMethodAvailable(option, capabilities))) {
    return paymentMethodReason(options[0]!, capabilities);
  }
  return null;
}

/** The works an owner may offer licenses for: their registered content (a certificate was issued). */
export function licensableWorks(items: readonly VaultItem[]): VaultItem[] {
  return items.filter((item) => item.certificateId !== null);
}

/** A list typed one item a line, blank lines dropped. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export interface OfferForm {
  workId: string | null;
  type: LicenseType;
  scope: LicenseScope;
  territory: string;
  duration: string;
  currency: LicenseCurrency;
  /** Whole currency units as typed. */
  price: number | null;
  originalPrice: number | null;
  paymentOptions: PaymentOption[];
  attributionRequired: boolean;
  commercialUse: boolean;
  derivatives: boolean;
  distribution: boolean;
  permissions: string;
  restrictions: string;
  customTerms: string;
}

/** A new offer's form: card is ticked only where this server takes cards. */
export function defaultOfferForm(capabilities: CapabilityReport | undefined): OfferForm {
  return { ...DEFAULT_OFFER_FORM, paymentOptions: DEFAULT_OFFER_FORM.paymentOptions.filter((option) => paymentMethodAvailable(option, capabilities)) };
}

export const DEFAULT_OFFER_FORM: OfferForm = {
  workId: null,
  type: 'synchronization',
  scope: 'single_use',
  territory: 'Worldwide',
  duration: 'Perpetual',
  currency: 'USD',
  price: null,
  originalPrice: null,
  paymentOptions: ['stripe', 'qxmp_tokens'],
  attributionRequired: true,
  commercialUse: false,
  derivatives: false,
  distribution: false,
  permissions: '',
  restrictions: '',
  customTerms: '',
};

/** An offer back in the form, to edit it (PUT /api/licenses/offers/:id). */
export function offerFormFrom(offer: MarketplaceLicense): OfferForm {
  return {
    workId: offer.workId,
    type: offer.type,
    scope: offer.scope,
    territory: offer.territory,
    duration: offer.duration,
    currency: offer.pricing.currency,
    price: offer.pricing.amountCents / 100,
    originalPrice: offer.pricing.originalPrice,
    paymentOptions: [...offer.pricing.paymentOptions],
    attributionRequired: offer.terms.attributionRequired,
    commercialUse: offer.terms.commercialUse,
    derivatives: offer.terms.derivatives,
    distribution: offer.terms.distribution,
    permissions: offer.terms.permissions.join('\n'),
    restrictions: offer.terms.restrictions.join('\n'),
    customTerms: offer.terms.customTerms ?? '',
  };
}

const toCents = (units: number) => Math.round(units * 100);

/** The form as the offers route's request, checked with its own schema: the first problem in words, or the request. */
export function offerRequestFrom(form: OfferForm): { ok: true; request: CreateOfferRequest } | { ok: false; error: string } {
  const request = {
    workId: form.workId ?? '',
    type: form.type,
    scope: form.scope,
    territory: form.territory,
    duration: form.duration,
    currency: form.currency,
    priceCents: form.price === null ? 0 : toCents(form.price),
    originalPriceCents: form.originalPrice === null || form.originalPrice === 0 ? null : toCents(form.originalPrice),
    paymentOptions: form.paymentOptions,
    terms: {
      permissions: linesOf(form.permissions),
      restrictions: linesOf(form.restrictions),
      attributionRequired: form.attributionRequired,
      commercialUse: form.commercialUse,
      derivatives: form.derivatives,
      distribution: form.distribution,
      customTerms: form.customTerms.trim() === '' ? null : form.customTerms.trim(),
    },
  };
  const parsed = createOfferRequestSchema.safeParse(request);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    return { ok: false, error: issue ? (issue.message.startsWith('Invalid') && field ? `${field}: ${issue.message}` : issue.message) : 'The offer is not valid' };
  }
  if (request.originalPriceCents !== null && request.originalPriceCents <= request.priceCents) {
    return { ok: false, error: 'The original price must be above the price (leave it empty without a discount)' };
  }
  return { ok: true, request };
}

/** The address of a licensing proof in the proof explorer. */
export function proofExplorerUrl(proofId: string): string {
  return `/proof-explorer?proof=${encodeURIComponent(proofId)}`;
}
