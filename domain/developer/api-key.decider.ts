// A developer API key: created by its owner (who accepted the API terms), its allowlist changed by
// its owner, revoked by its owner, suspended by the platform when too many of its calls fail.
// Revoked and suspended are final: the owner makes a new key. Revoking twice, suspending a key that
// is no longer active, or setting the allowlist it already has decides nothing.
import { IllegalStateError, NotFoundError } from '../shared/errors';
import type { ApiKeyStatus } from '../contracts/developer';
import type { ApiTier } from './api-tiers';
import { ApiKeyAllowlistChanged, ApiKeyCreated, ApiKeyRevoked, ApiKeySuspended, type ApiKeyEvent } from './api-key.events';

export interface ApiKeyState {
  created: boolean;
  keyId: string;
  ownerId: string;
  keyName: string;
  tier: ApiTier;
  keyPrefix: string;
  keySha256: string;
  status: ApiKeyStatus;
  suspendedReason: string | null;
  ipAllowlist: readonly string[];
}

export const initialApiKeyState: ApiKeyState = {
  created: false,
  keyId: '',
  ownerId: '',
  keyName: '',
  tier: 'free',
  keyPrefix: '',
  keySha256: '',
  status: 'active',
  suspendedReason: null,
  ipAllowlist: [],
};

export type ApiKeyCommand =
  | { type: 'CreateApiKey'; data: ReturnType<typeof ApiKeyCreated.create>['data'] }
  | { type: 'RevokeApiKey'; data: { keyId: string; revokedBy: string } }
  | { type: 'SuspendApiKey'; data: ReturnType<typeof ApiKeySuspended.create>['data'] }
  | { type: 'ChangeApiKeyAllowlist'; data: { keyId: string; ipAllowlist: string[]; changedBy: string } };

export const API_KEY_NOT_FOUND = 'API key not found';

export function decideApiKey(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  switch (command.type) {
    case 'CreateApiKey':
      if (state.created) throw new IllegalStateError('This API key already exists');
      return [ApiKeyCreated.create(command.data)];
    case 'RevokeApiKey':
      ownedBy(state, command.data.revokedBy);
      return state.status === 'revoked' ? [] : [ApiKeyRevoked.create(command.data)];
    case 'SuspendApiKey':
      if (!state.created) throw new NotFoundError(API_KEY_NOT_FOUND);
      return state.status === 'active' ? [ApiKeySuspended.create(command.data)] : [];
    case 'ChangeApiKeyAllowlist': {
      ownedBy(state, command.data.changedBy);
      if (state.status === 'revoked') throw new IllegalStateError('This API key was deleted');
      const ipAllowlist = [...new Set(command.data.ipAllowlist)];
      const same = ipAllowlist.length === state.ipAllowlist.length && ipAllowlist.every((entry, index) => entry === state.ipAllowlist[index]);
      return same ? [] : [ApiKeyAllowlistChanged.create({ keyId: command.data.keyId, ipAllowlist })];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown API key command ${JSON.stringify(unknown)}`);
    }
  }
}

/** Another user's key is not said to exist. */
function ownedBy(state: ApiKeyState, userId: string): void {
  if (!state.created || state.ownerId !== userId) throw new NotFoundError(API_KEY_NOT_FOUND);
}

export function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated':
      return {
        ...state,
        created: true,
        keyId: event.data.keyId,
        ownerId: event.data.ownerId,
        keyName: event.data.keyName,
        tier: event.data.tier,
        keyPrefix: event.data.keyPrefix,
        keySha256: event.data.keySha256,
      };
    case 'ApiKeyRevoked':
      return { ...state, status: 'revoked' };
    case 'ApiKeySuspended':
      return { ...state, status: 'suspended', suspendedReason: event.data.reason };
    case 'ApiKeyAllowlistChanged':
      return { ...state, ipAllowlist: event.data.ipAllowlist };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown API key event ${JSON.stringify(unknown)}`);
    }
  }
}

export const apiKeyDecider = { decide: decideApiKey, evolve: evolveApiKey, initialState: initialApiKeyState };
