// What the external v1 routes know of the caller once its key was accepted and the call admitted.
import type { ApiTier } from './api-tiers';

export interface ApiCaller {
  keyId: string;
  ownerId: string;
  tier: ApiTier;
  /** Cents this call costs when it succeeds (the tier's price per call). */
  pricePerCallCents: number;
}
