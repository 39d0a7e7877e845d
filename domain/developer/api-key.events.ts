// Events of a developer API key (stream `api-key-<keyId>`). The key itself is never stored: only
// its SHA-256 and its visible prefix. Every request with the key folds this short stream, so a
// revocation or a suspension holds from the next request on, with no read model to wait for.
import { z } from 'zod';
import { defineEvent } from '../shared/events';
import { API_TIERS } from './api-tiers';

const id = z.string().min(1).max(200);

export const ApiKeyCreated = defineEvent(
  'ApiKeyCreated',
  1,
  z.object({
    keyId: id,
    ownerId: id,
    keyName: z.string().min(1).max(100),
    tier: z.enum(API_TIERS),
    /** What the owner sees of the key after creation: `gk_<keyId>`. */
    keyPrefix: z.string().min(1).max(100),
    /** Hex SHA-256 of the whole key: keys are 256-bit random secrets, so a fast hash is enough. */
    keySha256: z.string().regex(/^[0-9a-f]{64}$/),
    termsVersion: z.string().min(1).max(50),
    termsAcceptedAt: z.string(),
  }),
);

/** The owner deleted the key: refused from the next request on. */
export const ApiKeyRevoked = defineEvent('ApiKeyRevoked', 1, z.object({ keyId: id, revokedBy: id }));

/** Too many of the key's recent calls failed: refused until its owner makes a new key. */
export const ApiKeySuspended = defineEvent(
  'ApiKeySuspended',
  1,
  z.object({ keyId: id, reason: z.string().min(1).max(500), failedCalls: z.number().int().min(0), windowCalls: z.number().int().min(1) }),
);

/** The addresses the key may be used from (exact IPs or CIDR ranges); empty: any address. */
export const ApiKeyAllowlistChanged = defineEvent(
  'ApiKeyAllowlistChanged',
  1,
  z.object({ keyId: id, ipAllowlist: z.array(z.string().min(1).max(64)).max(50) }),
);

export const apiKeyEventDefinitions = [ApiKeyCreated, ApiKeyRevoked, ApiKeySuspended, ApiKeyAllowlistChanged] as const;

export type ApiKeyEvent = ReturnType<(typeof apiKeyEventDefinitions)[number]['create']>;

export function apiKeyStreamId(keyId: string): string {
  return `api-key-${keyId}`;
}

/** Keys read `gk_<keyId>_<secret>`: the prefix names the stream to fold, the secret is checked against its hash. */
export const API_KEY_PREFIX = 'gk_';
