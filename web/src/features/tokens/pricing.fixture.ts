// The price list as GET /api/goose-tokens/pricing answers it, built from the catalogue, for tests
// that render screens showing prices.
import type { PricingResponse } from '../../../../domain/contracts/tokens';
import {
  LOW_BALANCE_WARNING_TOKENS,
  LOW_TOKEN_POPUP_TOKENS,
  PRICED_SERVICES,
  SERVICE_LABELS,
  SERVICE_PRICES,
  SUBSCRIPTION_TIERS,
  TOKEN_PACKAGES,
} from '../../../../domain/tokens/catalogue';

export const PRICING_FIXTURE: PricingResponse = {
  pricing: SERVICE_PRICES,
  services: PRICED_SERVICES.map((id) => ({ id, label: SERVICE_LABELS[id], price: SERVICE_PRICES[id] })),
  packages: TOKEN_PACKAGES.map((pack) => ({ ...pack })),
  subscriptionTiers: SUBSCRIPTION_TIERS.map((tier) => ({ ...tier, price: tier.monthlyPrice })),
  free: ['Uploading', 'Mastering previews', 'The copyright check'],
  lowBalanceWarning: LOW_BALANCE_WARNING_TOKENS,
  lowTokenPopup: LOW_TOKEN_POPUP_TOKENS,
  usdPerToken: 1,
};
