// Given / when / then specifications of the user account aggregate.
import { describe, expect, it } from 'vitest';
import { IllegalStateError, ValidationError } from '../shared/errors';
import { decideUser, evolveUser, initialUserState, type RegisterUser } from './user.decider';

const userId = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';
const register: RegisterUser = {
  type: 'RegisterUser',
  data: { userId, username: 'ada.lovelace', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA' },
};

describe('user decider', () => {
  it('given no account, when registering, then the user is registered (the welcome bonus is the token account\'s)', () => {
    const events = decideUser(register, initialUserState);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(events.reduce(evolveUser, initialUserState)).toMatchObject({ status: 'registered', username: 'ada.lovelace' });
  });

  it('given a registered account, when registering again, then it is refused', () => {
    const state = decideUser(register, initialUserState).reduce(evolveUser, initialUserState);
    expect(() => decideUser(register, state)).toThrow(IllegalStateError);
  });

  it('refuses a username with spaces or of the wrong length', () => {
    for (const username of ['ab', 'has space', 'x'.repeat(33)]) {
      expect(() => decideUser({ ...register, data: { ...register.data, username } }, initialUserState)).toThrow(ValidationError);
    }
  });
});
