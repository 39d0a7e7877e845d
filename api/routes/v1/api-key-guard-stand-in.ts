// TEMPORARY stand-in for api/plugins/api-key-guard.ts (helper `meter`), with its signature, so the
// v1 routes and their tests run before the real guard is merged: it authenticates the key from its
// events (prefix, hash, revoked, suspended) and nothing more — no allowlist, no limits, no usage
// log. Deleted when the real guard lands.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import { API_TIER_LIMITS } from '../../../domain/developer/api-tiers';
import { evolveApiKey, initialApiKeyState } from '../../../domain/developer/api-key.decider';
import { API_KEY_PREFIX, apiKeyStreamId, type ApiKeyEvent } from '../../../domain/developer/api-key.events';
import type { ApiCaller } from '../../../domain/developer/ports';
import type { Db } from '../../../infra/db/db';
import type { EventStore } from '../../../infra/eventstore/event-store';
import type { Projector } from '../../../projections/projector';
import { HttpError } from '../../plugins/error-handler';

const callers = new WeakMap<FastifyRequest, ApiCaller>();

export function apiKeyGuard(deps: { db: Db; eventStore: EventStore; projector: Projector; now?: () => Date }): { onRequest: onRequestHookHandler; onResponse: onResponseHookHandler } {
  return {
    async onRequest(request) {
      const header = request.headers['x-api-key'];
      if (typeof header !== 'string' || header === '') throw new HttpError(401, 'An X-API-Key header is required');
      const match = new RegExp(`^${API_KEY_PREFIX}([0-9a-f]{16})_[A-Za-z0-9_-]{43}$`).exec(header);
      if (!match) throw new HttpError(401, 'This API key is not valid');
      const events = await deps.eventStore.readStream(apiKeyStreamId(match[1]!));
      const state = events.reduce((s, e) => evolveApiKey(s, e as unknown as ApiKeyEvent), initialApiKeyState);
      const sent = createHash('sha256').update(header).digest();
      if (!state.created || !timingSafeEqual(sent, Buffer.from(state.keySha256, 'hex'))) throw new HttpError(401, 'This API key is not valid');
      if (state.status === 'revoked') throw new HttpError(401, 'This API key was deleted');
      if (state.status === 'suspended') throw new HttpError(403, `This API key is suspended: ${state.suspendedReason}`);
      callers.set(request, { keyId: state.keyId, ownerId: state.ownerId, tier: state.tier, pricePerCallCents: API_TIER_LIMITS[state.tier].pricePerCallCents });
    },
    async onResponse() {},
  };
}

export function apiCallerOf(request: FastifyRequest): ApiCaller {
  const caller = callers.get(request);
  if (!caller) throw new HttpError(401, 'An X-API-Key header is required');
  return caller;
}
