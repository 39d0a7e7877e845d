// Royalty contract constants: the templates and the creator's share
// each gives, the payout schedules, the minimum payout and the one-time deploy price.

export const CONTRACT_TEMPLATES = ['standard_royalty', 'premium_royalty', 'revenue_sharing'] as const;
export type ContractTemplate = (typeof CONTRACT_TEMPLATES)[number];

/** The creator's share, in percent, per template; the platform keeps the rest. */
export const TEMPLATE_CREATOR_SHARE: Record<ContractTemplate, number> = {
  standard_royalty: 85,
  premium_royalty: 95,
  revenue_sharing: 70,
};

export const TEMPLATE_LABELS: Record<ContractTemplate, string> = {
  standard_royalty: 'Standard royalty (85% to the creator)',
  premium_royalty: 'Premium royalty (95% to the creator)',
  revenue_sharing: 'Revenue sharing (70% to the creator)',
};

export const DEFAULT_CONTRACT_TEMPLATE: ContractTemplate = 'standard_royalty';

export const DISTRIBUTION_SCHEDULES = ['monthly', 'weekly', 'on_demand'] as const;
export type DistributionSchedule = (typeof DISTRIBUTION_SCHEDULES)[number];
export const DEFAULT_DISTRIBUTION_SCHEDULE: DistributionSchedule = 'monthly';

export const CONTRACT_STATUSES = ['active', 'paused', 'completed', 'disputed'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** A scheduled run pays only when the pending earnings reach this (1 USD), in cents. */
export const MINIMUM_DISTRIBUTION_CENTS = 100;
/** The custom terms' default minimum threshold, in cents ($1.00). */
export const DEFAULT_MINIMUM_THRESHOLD_CENTS = 100;

/** The one-time deploy price of a contract, in USD, paid in XRP from the creator's account. */
export const CONTRACT_DEPLOY_PRICE_USD = 49.95;

/** A receiver's share bounds, in percent of the whole payout. */
export const RECEIVER_MIN_PERCENTAGE = 1;
export const RECEIVER_MAX_PERCENTAGE = 50;
export const RECEIVER_DEFAULT_PERCENTAGE = 15;

/** The error text that makes the web open the XRP Funding Required dialog: the XRP and USD the wallet still needs. */
export function walletNotFundedError(xrpAmount: string, usdAmount: string): string {
  return `WALLET_NOT_FUNDED:${xrpAmount}:${usdAmount}`;
}

/** Reads a WALLET_NOT_FUNDED error text back into its amounts; null for any other text. */
export function parseWalletNotFunded(error: string): { xrpAmount: string; usdAmount: string } | null {
  const match = /^WALLET_NOT_FUNDED:([0-9.]+):([0-9.]+)/.exec(error);
  return match ? { xrpAmount: match[1]!, usdAmount: match[2]! } : null;
}
