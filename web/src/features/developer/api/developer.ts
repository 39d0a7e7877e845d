// The Developer tab's calls: the signed-in user's API
// keys, usage and the pricing tiers, and creating, deleting and restricting a key. Every answer is
// parsed with its schema from domain/contracts/developer.ts; the websocket invalidates DEVELOPER_KEY
// when a key changes or a call is recorded, so nothing here polls.
import { useQuery } from '@tanstack/react-query';
import {
  apiKeyListSchema,
  apiPricingResponseSchema,
  apiUsageResponseSchema,
  createApiKeyResponseSchema,
  deleteApiKeyResponseSchema,
  updateApiKeyResponseSchema,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
} from '../../../../../domain/contracts/developer';
import { RECENT_CALLS_SHOWN } from '../../../../../domain/developer/api-tiers';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { DEVELOPER_KEY } from '../../../lib/query-keys';

const BASE = DEVELOPER_KEY[0];
export const DEVELOPER_KEYS_KEY = [...DEVELOPER_KEY, 'keys'] as const;
export const DEVELOPER_USAGE_KEY = [...DEVELOPER_KEY, 'usage'] as const;
export const DEVELOPER_PRICING_KEY = [...DEVELOPER_KEY, 'pricing'] as const;


const keyUrl = (keyId: string) => `${BASE}/keys/${encodeURIComponent(keyId)}`;

export function useApiKeys({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: DEVELOPER_KEYS_KEY,
    queryFn: async ({ signal }) => (await getParsed(apiKeyListSchema, `${BASE}/keys`, { signal })).keys,
    enabled,
    retry: retryUnlessRefused,
  });
}

/** This month's stats and the calls the Usage tab lists (RECENT_CALLS_SHOWN of them). */
export function getApiUsage(signal?: AbortSignal) {
  return getParsed(apiUsageResponseSchema, `${BASE}/usage?recent=${RECENT_CALLS_SHOWN}`, { signal });
}

export function useApiUsage({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: DEVELOPER_USAGE_KEY,
    queryFn: ({ signal }) => getApiUsage(signal),
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useApiPricing() {
  return useQuery({
    queryKey: DEVELOPER_PRICING_KEY,
    queryFn: async ({ signal }) => (await getParsed(apiPricingResponseSchema, `${BASE}/pricing`, { signal })).tiers,
    retry: retryUnlessRefused,
  });
}

/** POST /api/developer/keys: the one answer that carries the whole key. */
export async function createApiKey(request: CreateApiKeyRequest): Promise<CreateApiKeyResponse> {
  return requestParsed(createApiKeyResponseSchema, 'POST', `${BASE}/keys`, request);
}

export async function deleteApiKey(keyId: string): Promise<string> {
  return (await requestParsed(deleteApiKeyResponseSchema, 'DELETE', keyUrl(keyId))).message;
}

/** PATCH /api/developer/keys/:id with the Security tab's allowlist (an empty list lets any address in). */
export async function updateAllowlist({ keyId, ipAllowlist }: { keyId: string; ipAllowlist: string[] }) {
  return (await requestParsed(updateApiKeyResponseSchema, 'PATCH', keyUrl(keyId), { ipAllowlist })).apiKey;
}

/** A key is created once per acceptance of the terms: never resent on its own. */
export function useCreateApiKey() {
  return useOneShotMutation(createApiKey, [DEVELOPER_KEY]);
}

export function useDeleteApiKey() {
  return useOneShotMutation(deleteApiKey, [DEVELOPER_KEY]);
}

export function useUpdateAllowlist() {
  return useOneShotMutation(updateAllowlist, [DEVELOPER_KEY]);
}
