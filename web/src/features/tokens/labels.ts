// How a token movement reads in the history: why it happened and where it stands.
import type { TokenTransaction } from '../../../../domain/contracts/tokens';
import { SERVICE_LABELS, type PricedService } from '../../../../domain/tokens/catalogue';

const CAUSES: Record<string, string> = {
  welcome_bonus: 'Welcome bonus',
  purchase: 'Token purchase',
  subscription_month: 'Subscription month',
  payout: 'Royalty payout',
  refund: 'Refund',
  payment_refunded: 'Payment refunded',
  withdrawal: 'Withdrawal to your wallet',
};

export function causeLabel(cause: string): string {
  return CAUSES[cause] ?? SERVICE_LABELS[cause as PricedService] ?? cause.replaceAll('_', ' ').replaceAll('-', ' ');
}

export function statusLabel(transaction: Pick<TokenTransaction, 'status' | 'coveredBySubscription'>): string {
  if (transaction.coveredBySubscription) return transaction.status === 'returned' ? 'Returned to your allowance' : 'Covered by your subscription';
  switch (transaction.status) {
    case 'held':
      return 'Reserved while the step runs';
    case 'charged':
      return 'Charged';
    case 'returned':
      return 'Returned (the step did not complete)';
    default:
      return 'Completed';
  }
}

/** +9.99 / −5.00: signed, 2 to 6 decimals. */
export function signedTokens(amount: number): string {
  const magnitude = Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });
  return amount > 0 ? `+${magnitude}` : amount < 0 ? `−${magnitude}` : magnitude;
}
