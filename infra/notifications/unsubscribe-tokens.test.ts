// The unsubscribe link's token: it names the user and the kind it was signed for, and a token that
// was altered, truncated or signed with another key is refused.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unsubscribeTokens } from './unsubscribe-tokens';

describe('notification unsubscribe tokens', () => {
  const tokens = unsubscribeTokens(randomBytes(32));
  const userId = randomUUID();

  it('names the user and kind it was signed for', () => {
    const token = tokens.sign({ userId, kind: 'deadline' });
    expect(tokens.verify(token)).toEqual({ userId, kind: 'deadline' });
    expect(tokens.verify(tokens.sign({ userId, kind: 'evidence_requested' }))).toEqual({ userId, kind: 'evidence_requested' });
  });

  it('refuses an altered token, another key, and nonsense', () => {
    const token = tokens.sign({ userId, kind: 'deadline' });
    const [payload, mac] = token.split('.') as [string, string];
    const otherKind = tokens.sign({ userId, kind: 'wallet' }).split('.')[0]!;
    expect(tokens.verify(`${otherKind}.${mac}`)).toBeNull();
    expect(tokens.verify(`${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(unsubscribeTokens(randomBytes(32)).verify(token)).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(tokens.verify(`${payload}.`)).toBeNull();
  });
});
