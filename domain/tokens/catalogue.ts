// What the platform sells and for how much: one price list every screen reads from
// GET /api/goose-tokens/pricing, the token packages and the subscription tiers. 1 token = 1 USD.
// These are the prices that hold wherever older product texts disagree. Each priced step and each
// tier line names the capability it sells: a server without it does not sell it.
import type { CapabilityId } from '../platform/capabilities';

/** The steps that cost tokens. Uploading and the copyright check are free; a preview is free. */
export const PRICED_SERVICES = ['ai-music-generation', 'professional-mastering', 'copyright-registration', 'distribution-setup'] as const;
export type PricedService = (typeof PRICED_SERVICES)[number];

/**
 * Tokens per use. `copyright-registration` is what the legal texts call "copyright analysis": the
 * oracle's clearance plus the registration on the XRP Ledger, charged when the registration
 * succeeds. `distribution-setup` is per release per year.
 */
export const SERVICE_PRICES: Record<PricedService, number> = {
  'ai-music-generation': 10,
  'professional-mastering': 5,
  'copyright-registration': 25,
  'distribution-setup': 14.99,
};

/**
 * The capability each priced step needs; null: every server does it and charges it. Mastering runs
 * here; a registration is cleared, signed, certified and charged on every server (without a ledger
 * it waits to be sent, which the tier lines "on the XRP Ledger" and the oracle tab say).
 */
export const SERVICE_CAPABILITIES: Record<PricedService, CapabilityId | null> = {
  'ai-music-generation': 'creation-engine',
  'professional-mastering': null,
  'copyright-registration': null,
  'distribution-setup': 'delivery-partner',
};

export const SERVICE_LABELS: Record<PricedService, string> = {
  'ai-music-generation': 'AI music generation',
  'professional-mastering': 'Professional mastering',
  'copyright-registration': 'Copyright registration',
  'distribution-setup': 'Distribution setup (per release per year)',
};

/**
 * What a hold can reserve tokens for: a priced step at its catalogue price, or a license bought on
 * the marketplace at the offer's price (never covered by a subscription's allowance), or a developer API
 * call at its tier's price per call.
 */
export const HOLD_PURPOSES = [...PRICED_SERVICES, 'license-purchase', 'developer-api-call'] as const;
export type HoldPurpose = (typeof HOLD_PURPOSES)[number];

export const HOLD_PURPOSE_LABELS: Record<HoldPurpose, string> = { ...SERVICE_LABELS, 'license-purchase': 'License purchase', 'developer-api-call': 'Developer API call' };

export function isPricedService(purpose: string): purpose is PricedService {
  return (PRICED_SERVICES as readonly string[]).includes(purpose);
}

/** The header warns at this balance or below. */
export const LOW_BALANCE_WARNING_TOKENS = 5;
/** The low-token popup opens at this balance or below. */
export const LOW_TOKEN_POPUP_TOKENS = 10;

export const TOKEN_PACKAGE_IDS = ['starter', 'pro', 'premium', 'xrp'] as const;
export type TokenPackageId = (typeof TOKEN_PACKAGE_IDS)[number];

export interface TokenPackage {
  id: TokenPackageId;
  name: string;
  /** USD; the tokens credited equal the price. */
  price: number;
  tokens: number;
  type?: 'xrp';
}

/** Token packages; the tokens equal the price. */
export const TOKEN_PACKAGES: readonly TokenPackage[] = [
  { id: 'starter', name: 'Starter', price: 9.99, tokens: 9.99 },
  { id: 'pro', name: 'Pro', price: 19.99, tokens: 19.99 },
  { id: 'premium', name: 'Premium', price: 34.99, tokens: 34.99 },
  { id: 'xrp', name: 'XRP Pack', price: 49.95, tokens: 49.95, type: 'xrp' },
];

export const SUBSCRIPTION_TIER_IDS = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type SubscriptionTierId = (typeof SUBSCRIPTION_TIER_IDS)[number];

/** Uses of a service a tier includes each paid month: a count, or 'unlimited'. */
export type Allowances = Partial<Record<PricedService, number | 'unlimited'>>;

export interface SubscriptionTier {
  id: SubscriptionTierId;
  name: string;
  /** USD a month; the tokens credited each paid month equal it. */
  monthlyPrice: number;
  tokens: number;
  allowances: Allowances;
  /** What the tier sells, each line with the capability it needs (null: always true). */
  featureLines: FeatureLine[];
  recommended: boolean;
}

export interface FeatureLine {
  text: string;
  capability: CapabilityId | null;
}

/**
 * The subscription tiers. Beyond an allowance a step costs its price in tokens. "Oracle checks"
 * in the tier texts are the priced copyright step (clearance plus registration): the
 * check on its own is free for everyone.
 */
export const SUBSCRIPTION_TIERS: readonly SubscriptionTier[] = [
  {
    id: 'bronze',
    name: 'Bronze',
    monthlyPrice: 19.99,
    tokens: 19.99,
    allowances: { 'ai-music-generation': 10 },
    featureLines: [
      { text: '10 AI music prompts a month', capability: 'creation-engine' },
      { text: '19.99 tokens every paid month', capability: null },
    ],
    recommended: false,
  },
  {
    id: 'silver',
    name: 'Silver',
    monthlyPrice: 29.99,
    tokens: 29.99,
    allowances: { 'ai-music-generation': 30, 'copyright-registration': 2 },
    featureLines: [
      { text: '30 AI music prompts a month', capability: 'creation-engine' },
      { text: '2 copyright clearances and registrations on the XRP Ledger a month', capability: 'ledger-submission' },
      { text: '29.99 tokens every paid month', capability: null },
    ],
    recommended: false,
  },
  {
    id: 'gold',
    name: 'Gold',
    monthlyPrice: 39.99,
    tokens: 39.99,
    allowances: { 'ai-music-generation': 'unlimited', 'copyright-registration': 'unlimited' },
    featureLines: [
      { text: 'Unlimited AI music prompts', capability: 'creation-engine' },
      { text: 'Unlimited copyright clearances and registrations on the XRP Ledger', capability: 'ledger-submission' },
      { text: '39.99 tokens every paid month', capability: null },
    ],
    recommended: true,
  },
  {
    id: 'platinum',
    name: 'Platinum',
    monthlyPrice: 59.99,
    tokens: 59.99,
    allowances: { 'ai-music-generation': 'unlimited', 'copyright-registration': 'unlimited', 'distribution-setup': 'unlimited' },
    featureLines: [
      { text: 'Unlimited AI music prompts', capability: 'creation-engine' },
      { text: 'Unlimited copyright clearances and registrations on the XRP Ledger', capability: 'ledger-submission' },
      { text: 'The yearly distribution fee of every release included', capability: 'delivery-partner' },
      { text: '59.99 tokens every paid month', capability: null },
    ],
    recommended: false,
  },
];

export function findPackage(id: string): TokenPackage | undefined {
  return TOKEN_PACKAGES.find((p) => p.id === id);
}

export function findTier(id: string): SubscriptionTier | undefined {
  return SUBSCRIPTION_TIERS.find((t) => t.id === id);
}
