// Given / when / then specifications of a developer API key: created once, revoked and its
// allowlist changed only by its owner (another user is told the key does not exist), suspended by
// the platform while active, and revoked or suspended for good.
import { describe, expect, it } from 'vitest';
import { IllegalStateError, NotFoundError } from '../shared/errors';
import { deciderSpec } from '../shared/decider-spec';
import { API_KEY_NOT_FOUND, apiKeyDecider, type ApiKeyCommand } from './api-key.decider';
import { ApiKeyAllowlistChanged, ApiKeyCreated, ApiKeyRevoked, ApiKeySuspended } from './api-key.events';
import { API_TERMS_VERSION } from './api-tiers';

const { given, when } = deciderSpec(apiKeyDecider);
const keyId = '0123456789abcdef';
const ownerId = '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f';
const strangerId = '1c9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f';
const NOW = '2026-11-26T10:00:00.000Z';

const creation = {
  keyId,
  ownerId,
  keyName: 'Studio integration',
  tier: 'pro' as const,
  keyPrefix: `gk_${keyId}`,
  keySha256: 'a'.repeat(64),
  termsVersion: API_TERMS_VERSION,
  termsAcceptedAt: NOW,
};
const create: ApiKeyCommand = { type: 'CreateApiKey', data: creation };
const created = ApiKeyCreated.create(creation);
const revoke = (by = ownerId): ApiKeyCommand => ({ type: 'RevokeApiKey', data: { keyId, revokedBy: by } });
const revoked = ApiKeyRevoked.create({ keyId, revokedBy: ownerId });
const suspension = { keyId, reason: '7 of the last 20 calls failed (35 %, above 30 %)', failedCalls: 7, windowCalls: 20 };
const suspend: ApiKeyCommand = { type: 'SuspendApiKey', data: suspension };
const suspended = ApiKeySuspended.create(suspension);
const allow = (ipAllowlist: string[], by = ownerId): ApiKeyCommand => ({ type: 'ChangeApiKeyAllowlist', data: { keyId, ipAllowlist, changedBy: by } });

describe('API key decider', () => {
  it('given nothing, creates the key with its hash and prefix, active with no allowlist; creating it again is refused', () => {
    expect(when([], create)).toEqual([created]);
    expect(given(created)).toMatchObject({ created: true, keyId, ownerId, tier: 'pro', keyPrefix: `gk_${keyId}`, keySha256: 'a'.repeat(64), status: 'active', suspendedReason: null, ipAllowlist: [] });
    expect(() => when([created], create)).toThrow(IllegalStateError);
    expect(() => when([created], create)).toThrow('This API key already exists');
  });

  it('revokes the owner\'s key once; revoking it again decides nothing', () => {
    expect(when([created], revoke())).toEqual([revoked]);
    expect(given(created, revoked).status).toBe('revoked');
    expect(when([created, revoked], revoke())).toEqual([]);
  });

  it('revokes a suspended key: the owner deletes it from the list', () => {
    expect(when([created, suspended], revoke())).toEqual([revoked]);
    expect(given(created, suspended, revoked).status).toBe('revoked');
  });

  it.each([
    ['a key that does not exist', [] as const, ownerId],
    ["another user's key", [created] as const, strangerId],
  ])('refuses to revoke %s as not found', (_, events, by) => {
    expect(() => when([...events], revoke(by))).toThrow(NotFoundError);
    expect(() => when([...events], revoke(by))).toThrow(API_KEY_NOT_FOUND);
  });

  it('suspends an active key with its reason and figures; a key no longer active decides nothing', () => {
    expect(when([created], suspend)).toEqual([suspended]);
    expect(given(created, suspended)).toMatchObject({ status: 'suspended', suspendedReason: suspension.reason });
    expect(when([created, suspended], suspend)).toEqual([]);
    expect(when([created, revoked], suspend)).toEqual([]);
  });

  it('refuses to suspend a key that does not exist', () => {
    expect(() => when([], suspend)).toThrow(NotFoundError);
  });

  it('changes the allowlist without duplicates; the same list again decides nothing; an empty list opens the key again', () => {
    const changed = when([created], allow(['203.0.113.7', '198.51.100.0/24', '203.0.113.7']));
    expect(changed).toEqual([ApiKeyAllowlistChanged.create({ keyId, ipAllowlist: ['203.0.113.7', '198.51.100.0/24'] })]);
    expect(given(created, ...changed).ipAllowlist).toEqual(['203.0.113.7', '198.51.100.0/24']);
    expect(when([created, ...changed], allow(['203.0.113.7', '198.51.100.0/24']))).toEqual([]);
    const cleared = when([created, ...changed], allow([]));
    expect(cleared).toEqual([ApiKeyAllowlistChanged.create({ keyId, ipAllowlist: [] })]);
    expect(given(created, ...changed, ...cleared).ipAllowlist).toEqual([]);
    expect(when([created], allow([]))).toEqual([]);
  });

  it('keeps the order of the allowlist: the same addresses in another order are a change', () => {
    const first = ApiKeyAllowlistChanged.create({ keyId, ipAllowlist: ['203.0.113.7', '203.0.113.8'] });
    expect(when([created, first], allow(['203.0.113.8', '203.0.113.7']))).toHaveLength(1);
  });

  it("refuses the allowlist of another user's key, of a missing key, and of a deleted key", () => {
    expect(() => when([created], allow(['203.0.113.7'], strangerId))).toThrow(API_KEY_NOT_FOUND);
    expect(() => when([], allow(['203.0.113.7']))).toThrow(NotFoundError);
    expect(() => when([created, revoked], allow(['203.0.113.7']))).toThrow(IllegalStateError);
    expect(() => when([created, revoked], allow(['203.0.113.7']))).toThrow('This API key was deleted');
  });

  it('changes the allowlist of a suspended key (its owner may still tighten it), which stays suspended', () => {
    const events = when([created, suspended], allow(['203.0.113.7']));
    expect(events).toHaveLength(1);
    expect(given(created, suspended, ...events)).toMatchObject({ status: 'suspended', ipAllowlist: ['203.0.113.7'] });
  });
});
