// The developer keys and pricing routes: the
// signed-in developer lists, creates and deletes API keys and sets a key's IP allowlist; anyone
// reads the pricing tiers. A key is `gk_<keyId>_<secret>`: only its SHA-256 and its prefix are
// stored, and the whole key is in the creation answer and nowhere else. Writes go through the key's
// decider; another user's key is answered exactly like a missing one (404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiPricingResponseSchema,
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  deleteApiKeyResponseSchema,
  updateApiKeyResponseSchema,
  type ApiKey,
  type ApiPricingTier,
} from '../../../domain/contracts/developer';
import { API_KEY_NOT_FOUND, type ApiKeyCommand } from '../../../domain/developer/api-key.decider';
import { API_TERMS_VERSION, API_TIER_LIMITS, API_TIERS, REQUESTS_PER_MINUTE, type ApiTier } from '../../../domain/developer/api-tiers';
import { NotFoundError } from '../../../domain/shared/errors';
import { usageOfKeys, type KeyUsage } from '../../../infra/developer/usage-store';
import { handleApiKeyCommand, newApiKey } from '../../../infra/developer/api-keys';
import type { CommandContext } from '../../../infra/eventstore/command-handler';
import type { EventStore } from '../../../infra/eventstore/event-store';
import { findOwnerApiKey, listOwnerApiKeys, type ApiKeyRecord } from '../../../projections/developer/queries';
import type { ReadModelFeed } from '../../../projections/read-model-feed';
import { PUBLIC } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { allowlistRequestSchema } from './schemas';

export const KEY_CREATED = 'API Key Created: copy it now, it is shown once';
export const KEY_DELETED = 'API Key Deleted';

const NO_USAGE: KeyUsage = { monthCalls: 0, dayCalls: 0, lastUsed: null };

/** The API's view of a key: its prefix and an ellipsis in place of the value, with its usage and its tier's limits. */
export function toApiKey(record: ApiKeyRecord, usage: KeyUsage): ApiKey {
  const limits = API_TIER_LIMITS[record.tier];
  return {
    id: record.id,
    keyName: record.keyName,
    tier: record.tier,
    keyPrefix: record.keyPrefix,
    keyValue: `${record.keyPrefix}…`,
    isActive: record.status === 'active',
    status: record.status,
    suspendedReason: record.suspendedReason,
    currentUsage: usage.monthCalls,
    monthlyQuota: limits.monthlyQuota,
    dailyUsage: usage.dayCalls,
    dailyLimit: limits.dailyLimit,
    ipAllowlist: record.ipAllowlist,
    createdAt: record.createdAt,
    lastUsed: usage.lastUsed,
  };
}

/** Runs a command on a key and waits until the read model shows it. */
async function runApiKeyCommand(eventStore: EventStore, projector: ReadModelFeed, keyId: string, command: ApiKeyCommand, context: CommandContext): Promise<void> {
  const { result } = await handleApiKeyCommand(eventStore, keyId, command, context);
  if (result) await projector.waitFor(result.lastPosition);
}

const formatCount = (n: number) => n.toLocaleString('en-US');

/** A tier's terms, each feature a sentence that holds on this server. */
export function pricingTier(tier: ApiTier): ApiPricingTier {
  const limits = API_TIER_LIMITS[tier];
  const price = limits.pricePerCallCents;
  return {
    name: limits.name,
    monthlyFee: limits.monthlyFeeCents,
    pricePerCall: price,
    monthlyQuota: limits.monthlyQuota,
    dailyLimit: limits.dailyLimit,
    requestsPerMinute: REQUESTS_PER_MINUTE,
    features: [
      `${formatCount(limits.monthlyQuota)} calls a month (UTC calendar month)`,
      limits.dailyLimit === null ? 'No daily limit: bounded by the monthly quota and the rate a minute' : `${formatCount(limits.dailyLimit)} calls a day (UTC)`,
      `${REQUESTS_PER_MINUTE} requests a minute`,
      price === 0 ? 'Calls are free' : `$${(price / 100).toFixed(2)} a successful call, charged in tokens; a failed call is not charged`,
      'No monthly fee',
    ],
  };
}

export const developerKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, projector } = app.services;
  const withUsage = async (records: ApiKeyRecord[]): Promise<ApiKey[]> => {
    const usage = await usageOfKeys(db, records.map((record) => record.id), new Date());
    return records.map((record) => toApiKey(record, usage.get(record.id) ?? NO_USAGE));
  };

  app.get(
    '/api/developer/keys',
    { schema: { summary: "The signed-in developer's API keys, newest first, with this month's and today's usage; deleted keys left out", tags: ['developer'], response: { 200: apiKeyListSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      return { keys: await withUsage(await listOwnerApiKeys(db, userId)) };
    },
  );

  app.post(
    '/api/developer/keys',
    {
      schema: {
        summary: 'Create an API key (the API terms accepted): the whole key is in this answer only; afterwards only its prefix is shown',
        tags: ['developer'],
        body: createApiKeyRequestSchema,
        response: { 201: createApiKeyResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { keyName, tier } = request.body;
      const { keyId, keyPrefix, key, keySha256 } = newApiKey();
      const context = { correlationId: request.id, actor: `user:${userId}` };
      await runApiKeyCommand(eventStore, projector, keyId, {
        type: 'CreateApiKey',
        data: { keyId, ownerId: userId, keyName, tier, keyPrefix, keySha256, termsVersion: API_TERMS_VERSION, termsAcceptedAt: new Date().toISOString() },
      }, context);
      const record = (await findOwnerApiKey(db, userId, keyId))!;
      request.log.info({ keyId, tier }, 'API key created');
      // The whole key is shown once: no browser or proxy may keep a copy.
      return reply.status(201).header('Cache-Control', 'no-store').send({ success: true as const, apiKey: { ...toApiKey(record, NO_USAGE), keyValue: key }, message: KEY_CREATED });
    },
  );

  app.patch(
    '/api/developer/keys/:id',
    {
      schema: {
        summary: "Set the addresses a key may be used from (IPs or CIDR ranges); an empty list lets any address in",
        tags: ['developer'],
        params: apiKeyParamsSchema,
        body: allowlistRequestSchema,
        response: { 200: updateApiKeyResponseSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const keyId = request.params.id;
      await runApiKeyCommand(eventStore, projector, keyId, { type: 'ChangeApiKeyAllowlist', data: { keyId, ipAllowlist: request.body.ipAllowlist, changedBy: userId } }, { correlationId: request.id, actor: `user:${userId}` });
      const record = await findOwnerApiKey(db, userId, keyId);
      if (!record) throw new NotFoundError(API_KEY_NOT_FOUND);
      request.log.info({ keyId, entries: record.ipAllowlist.length }, 'API key allowlist changed');
      const [apiKey] = await withUsage([record]);
      return { success: true as const, apiKey: apiKey! };
    },
  );

  app.delete(
    '/api/developer/keys/:id',
    { schema: { summary: 'Delete (revoke) an API key: refused from the next request on', tags: ['developer'], params: apiKeyParamsSchema, response: { 200: deleteApiKeyResponseSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      const keyId = request.params.id;
      await runApiKeyCommand(eventStore, projector, keyId, { type: 'RevokeApiKey', data: { keyId, revokedBy: userId } }, { correlationId: request.id, actor: `user:${userId}` });
      request.log.info({ keyId }, 'API key revoked');
      return { success: true as const, message: KEY_DELETED };
    },
  );

  app.get(
    '/api/developer/pricing',
    { schema: { summary: 'The API tiers: quotas, limits and the price of a call', tags: ['developer'], ...PUBLIC, response: { 200: apiPricingResponseSchema } } },
    async () => ({ tiers: Object.fromEntries(API_TIERS.map((tier) => [tier, pricingTier(tier)])) as Record<ApiTier, ApiPricingTier> }),
  );
};
