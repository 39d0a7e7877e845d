// How the token wallet reads to a person: why a movement happened, where a charge stands, signed
// amounts, the subscription line, the low-balance rule, and the XRP Ledger
// network a deposit address is on.
import type { BalanceResponse, PricingResponse, TokenTransaction } from '../../../../domain/contracts/tokens';
import type { XrpWalletInfoResponse } from '../../../../domain/contracts/wallets';
import type { CapabilityId, CapabilityReport } from '../../../../domain/platform/capabilities';
import {
  LOW_BALANCE_WARNING_TOKENS,
  SERVICE_LABELS,
  SUBSCRIPTION_TIERS,
  type PricedService,
} from '../../../../domain/tokens/catalogue';
import { formatDate } from '../format';

type XrplNetwork = XrpWalletInfoResponse['network'];

const CAUSE_LABELS: Record<string, string> = {
  welcome_bonus: 'Welcome bonus',
  purchase: 'Token purchase',
  subscription_month: 'Subscription month',
  payout: 'Royalty payout',
  refund: 'Refund',
  payment_refunded: 'Payment refunded',
  withdrawal: 'Withdrawal',
  license_sale: 'License sale',
  dispute_compensation: 'Dispute compensation',
  'license-purchase': 'License purchase',
};

/** Why a movement happened: a credit's or debit's cause, or the service a charge paid for. */
export function causeLabel(cause: string): string {
  return CAUSE_LABELS[cause] ?? SERVICE_LABELS[cause as PricedService] ?? cause.replaceAll(/[_-]+/g, ' ');
}

export type StatusSeverity = 'success' | 'info' | 'warning' | 'secondary';

/** Where a movement stands, and the colour of its tag. */
export function statusDisplay(transaction: Pick<TokenTransaction, 'status' | 'coveredBySubscription'>): { label: string; severity: StatusSeverity } {
  if (transaction.coveredBySubscription) {
    return transaction.status === 'returned'
      ? { label: 'Returned to your allowance', severity: 'secondary' }
      : { label: 'Covered by subscription', severity: 'info' };
  }
  switch (transaction.status) {
    case 'held':
      return { label: 'Held while the step runs', severity: 'warning' };
    case 'charged':
      return { label: 'Charged', severity: 'info' };
    case 'returned':
      return { label: 'Returned', severity: 'secondary' };
    case 'completed':
      return { label: 'Completed', severity: 'success' };
  }
}

/** "+9.99", "−25.00", "0.00": the sign says which way it moved (a true minus sign). */
export function signedTokens(amount: number): string {
  const magnitude = Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
  if (amount > 0) return `+${magnitude}`;
  if (amount < 0) return `−${magnitude}`;
  return magnitude;
}

/** The header's figure: always 2 decimals. */
export function formatBalance(amount: number): string {
  return amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The header warns at this balance or below (the server's figure when it has answered). */
export function isLowBalance(balance: number, pricing: Pick<PricingResponse, 'lowBalanceWarning'> | undefined): boolean {
  return balance <= (pricing?.lowBalanceWarning ?? LOW_BALANCE_WARNING_TOKENS);
}

/** "Gold · renews Mar 14, 2026 · AI music generation 3 of unlimited", or null without one. */
export function subscriptionSummary(subscription: BalanceResponse['subscription']): string | null {
  if (!subscription) return null;
  const tier = SUBSCRIPTION_TIERS.find((candidate) => candidate.id === subscription.tierId);
  const when = subscription.endsAt ? `ends ${formatDate(subscription.endsAt)}` : `renews ${formatDate(subscription.periodEnd)}`;
  const uses = Object.entries(tier?.allowances ?? {}).map(
    ([service, allowance]) => `${causeLabel(service)} ${subscription.used[service] ?? 0} of ${allowance === 'unlimited' ? 'unlimited' : allowance} used`,
  );
  return [tier?.name ?? subscription.tierId, when, ...uses].join(' · ');
}

/** A priced step's tokens from the server's price list, or null until it has answered. */
export function priceOf(pricing: Pick<PricingResponse, 'pricing'> | undefined, service: PricedService): number | null {
  return pricing?.pricing[service] ?? null;
}

/** A price as people write it: 5, 14.99, 0.5 (no padding zeros). */
export function formatPrice(tokens: number): string {
  return tokens.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

/** What the note beside a paid step's button says. */
export function costNote(service: 'professional-mastering' | 'copyright-registration', price: number): string {
  return service === 'professional-mastering'
    ? `Mastering costs ${formatPrice(price)} tokens; previews are free`
    : `Registration costs ${formatPrice(price)} tokens, charged when it succeeds; the copyright check is free`;
}

/** How a screen names the XRP Ledger network the server uses. */
export const XRPL_NETWORK_LABELS: Record<XrplNetwork, string> = {
  mainnet: 'XRP Ledger mainnet',
  testnet: 'XRP Ledger testnet',
  devnet: 'XRP Ledger devnet',
  custom: 'Private XRP Ledger network',
};

/** The warning beside an address on a network whose XRP is not real money; null on mainnet. */
export function xrplNetworkWarning(network: XrplNetwork): string | null {
  switch (network) {
    case 'mainnet':
      return null;
    case 'testnet':
    case 'devnet':
      return `This is an XRP Ledger ${network} address: do not send real XRP to it.`;
    case 'custom':
      return 'This address is on a private XRP Ledger network, not the main one: do not send real XRP to it.';
  }
}

/** Why a priced step, package or tier line is not sold here: its capability's plain-words reason. */
export function unavailableReason(capabilities: CapabilityReport | undefined, capability: CapabilityId | null): string | null {
  if (!capability || !capabilities) return null;
  return capabilities[capability].reason;
}
