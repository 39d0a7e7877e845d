// The price list as one server can honour it (GET /api/goose-tokens/pricing): the catalogue with
// each line marked by whether this server has the capability it sells.
import type { PricingResponse } from '../contracts/tokens';
import type { CapabilityId, CapabilityReport } from '../platform/capabilities';
import {
  LOW_BALANCE_WARNING_TOKENS,
  LOW_TOKEN_POPUP_TOKENS,
  PRICED_SERVICES,
  SERVICE_CAPABILITIES,
  SERVICE_LABELS,
  SERVICE_PRICES,
  SUBSCRIPTION_TIERS,
  TOKEN_PACKAGES,
} from './catalogue';

/** The price list as this server can honour it: a line whose capability is off is marked unavailable and not sold. */
export function pricingOf(capabilities: CapabilityReport): PricingResponse {
  const has = (capability: CapabilityId | null) => capability === null || capabilities[capability].available;
  return {
    pricing: SERVICE_PRICES,
    services: PRICED_SERVICES.map((id) => ({ id, label: SERVICE_LABELS[id], price: SERVICE_PRICES[id], capability: SERVICE_CAPABILITIES[id], available: has(SERVICE_CAPABILITIES[id]) })),
    packages: TOKEN_PACKAGES.map((p) => {
      const capability: CapabilityId = p.type === 'xrp' ? 'xrp-deposits' : 'card-payments';
      return { ...p, capability, available: has(capability) };
    }),
    subscriptionTiers: SUBSCRIPTION_TIERS.map(({ featureLines, ...tier }) => {
      const lines = featureLines.map((line) => ({ ...line, available: has(line.capability) }));
      return { ...tier, price: tier.monthlyPrice, features: lines.filter((line) => line.available).map((line) => line.text), featureLines: lines };
    }),
    free: ['Uploading', 'Mastering previews', 'The copyright check'],
    lowBalanceWarning: LOW_BALANCE_WARNING_TOKENS,
    lowTokenPopup: LOW_TOKEN_POPUP_TOKENS,
    usdPerToken: 1,
  };
}
