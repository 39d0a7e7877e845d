// Login-return handling: which toast, and what stays in the address.
import { describe, expect, it } from 'vitest';
import { awaitSignedInUser, readLoginReturn } from './login-return';

describe('readLoginReturn', () => {
  it('reads oauth_success=true as signed in and removes it, keeping other parameters', () => {
    const { outcome, remaining } = readLoginReturn('?oauth_success=true&tab=vault');
    expect(outcome).toEqual({ kind: 'success' });
    expect(remaining.toString()).toBe('tab=vault');
  });

  it('tells each error code in words and removes the parameters', () => {
    const cases: [string, string][] = [
      ['oauth_failed', 'OAuth authentication failed'],
      ['session_failed', 'Session creation failed'],
      ['oauth_error', 'OAuth error occurred'],
      ['something_else', 'Authentication failed'],
      ['', 'Authentication failed'],
    ];
    for (const [code, message] of cases) {
      const { outcome, remaining } = readLoginReturn(`?error=${code}&tab=oracle`);
      expect(outcome).toEqual({ kind: 'error', message });
      expect(remaining.toString()).toBe('tab=oracle');
    }
  });

  it('leaves the address alone when it carries neither', () => {
    for (const search of ['', '?tab=vault', '?oauth_success=false']) {
      const { outcome, remaining } = readLoginReturn(search);
      expect(outcome).toBeNull();
      expect(remaining.toString()).toBe(new URLSearchParams(search).toString());
    }
  });
});

describe('awaitSignedInUser', () => {
  it('answers true as soon as the server names the user', async () => {
    const answers = [null, { id: 'u1' }];
    let calls = 0;
    expect(await awaitSignedInUser(() => Promise.resolve(answers[calls++] ?? null), { tries: 6, intervalMs: 1 })).toBe(true);
    expect(calls).toBe(2);
  });

  it('stops after the last try for a visitor (no user, or a refusal) and answers false', async () => {
    let calls = 0;
    const visitor = () => (++calls % 2 ? Promise.resolve(null) : Promise.reject(new Error('401')));
    expect(await awaitSignedInUser(visitor, { tries: 3, intervalMs: 1 })).toBe(false);
    expect(calls).toBe(3);
  });
});
