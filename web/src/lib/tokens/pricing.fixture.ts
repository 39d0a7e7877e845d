// The price list as GET /api/goose-tokens/pricing answers it, built from the catalogue, for tests
// that render screens showing prices: as a zero-configuration server sells it, and as a fully
// configured one does.
import type { PricingResponse } from '../../../../domain/contracts/tokens';
import { pricingOf } from '../../../../domain/tokens/price-list';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../capabilities.fixture';

export const PRICING_FIXTURE: PricingResponse = pricingOf(CAPABILITIES_ZERO_CONFIG_FIXTURE);
export const PRICING_FULL_FIXTURE: PricingResponse = pricingOf(CAPABILITIES_FULL_FIXTURE);
