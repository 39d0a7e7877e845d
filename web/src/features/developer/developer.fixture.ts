// Developer API payloads as the server sends them, for the Developer tab's tests.
import type { ApiKey, ApiPricingResponse, ApiUsageRecord, ApiUsageResponse } from '../../../../domain/contracts/developer';

export function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: '0123456789abcdef',
    keyName: 'Catalogue sync',
    tier: 'free',
    keyPrefix: 'gk_0123456789abcdef',
    keyValue: 'gk_0123456789abcdef…',
    isActive: true,
    status: 'active',
    suspendedReason: null,
    currentUsage: 120,
    monthlyQuota: 500,
    dailyUsage: 12,
    dailyLimit: 100,
    ipAllowlist: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsed: '2026-11-26T11:57:00.000Z',
    ...overrides,
  };
}

export function usageRecord(overrides: Partial<ApiUsageRecord> = {}): ApiUsageRecord {
  return {
    id: 'call-1',
    keyId: '0123456789abcdef',
    keyName: 'Catalogue sync',
    method: 'POST',
    endpoint: '/api/v1/oracle/analyze',
    statusCode: 200,
    responseTimeMs: 842,
    costCents: 5,
    createdAt: '2026-11-26T11:57:00.000Z',
    ...overrides,
  };
}

export function usage(overrides: Partial<ApiUsageResponse> = {}): ApiUsageResponse {
  return {
    usage: [usageRecord()],
    stats: { totalCalls: 40, totalCost: 185, avgResponseTime: 512.4, errorRate: 0.075 },
    period: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-26T12:00:00.000Z' },
    ...overrides,
  };
}

export const pricingTiers: ApiPricingResponse['tiers'] = {
  free: { name: 'Free', monthlyFee: 0, pricePerCall: 0, monthlyQuota: 500, dailyLimit: 100, requestsPerMinute: 100, features: ['500 calls a month', '100 calls a day'] },
  pro: { name: 'Pro', monthlyFee: 0, pricePerCall: 5, monthlyQuota: 10_000, dailyLimit: 1_000, requestsPerMinute: 100, features: ['10,000 calls a month', 'Charged in tokens per call'] },
  enterprise: { name: 'Enterprise', monthlyFee: 0, pricePerCall: 5, monthlyQuota: 50_000, dailyLimit: null, requestsPerMinute: 100, features: ['50,000 calls a month', 'No daily limit'] },
};
