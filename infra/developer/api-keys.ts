// What a developer API key is on the server: its value `gk_<keyId>_<secret>` (made, recognised and
// hashed here only), and the one way to run a command on a key's stream. Both the key routes and
// the API key guard write to a key (the guard suspends it), so a command that meets the other's
// write is decided again on what it wrote.
import { createHash, randomBytes } from 'node:crypto';
import { apiKeyDecider, type ApiKeyCommand, type ApiKeyState } from '../../domain/developer/api-key.decider';
import { API_KEY_PREFIX, apiKeyStreamId, type ApiKeyEvent } from '../../domain/developer/api-key.events';
import { ConcurrencyError } from '../../domain/shared/errors';
import { handleCommand, type CommandContext } from '../eventstore/command-handler';
import type { AppendResult, EventStore } from '../eventstore/event-store';

/** `gk_<16 hex>_<43 base64url>`: anything else is not a key this platform made. */
const KEY_PATTERN = /^gk_([0-9a-f]{16})_[A-Za-z0-9_-]{43}$/;
const ATTEMPTS = 3;

/** A new key: 16 hex characters naming its stream, then a 256-bit secret. */
export function newApiKey(): { keyId: string; keyPrefix: string; key: string; keySha256: string } {
  const keyId = randomBytes(8).toString('hex');
  const keyPrefix = `${API_KEY_PREFIX}${keyId}`;
  const key = `${keyPrefix}_${randomBytes(32).toString('base64url')}`;
  return { keyId, keyPrefix, key, keySha256: apiKeySha256(key) };
}

/** The id a key value names; null for a value this platform never made. */
export function apiKeyIdOf(value: string): string | null {
  return KEY_PATTERN.exec(value)?.[1] ?? null;
}

/** Hex SHA-256 of the whole key: keys are 256-bit random secrets, so a fast hash is enough. */
export function apiKeySha256(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Runs `command` on the key's stream, deciding it again when a concurrent write got there first. */
export async function handleApiKeyCommand(
  eventStore: EventStore,
  keyId: string,
  command: ApiKeyCommand,
  context: CommandContext,
): Promise<{ events: ApiKeyEvent[]; result: AppendResult | null; state: ApiKeyState }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await handleCommand(eventStore, apiKeyStreamId(keyId), apiKeyDecider, command, context);
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt === ATTEMPTS) throw error;
    }
  }
}
