// The user account aggregate: registration. The welcome bonus is the token account's first credit
// (domain/tokens), opened beside the account at signup.
import { IllegalStateError, ValidationError } from '../shared/errors';
import { UserRegistered, USERNAME_PATTERN, type UserEvent } from './user.events';

export type UserState =
  | { status: 'unregistered' }
  | { status: 'registered'; userId: string; username: string };

export const initialUserState: UserState = { status: 'unregistered' };

export type RegisterUser = {
  type: 'RegisterUser';
  data: { userId: string; username: string; passwordHash: string };
};

export type UserCommand = RegisterUser;

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown user command ${String(unknown)}`);
    }
  }
}

function registerUser({ data }: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'unregistered') throw new IllegalStateError('User is already registered');
  if (!USERNAME_PATTERN.test(data.username)) {
    throw new ValidationError('Username must be 3-32 letters, digits, dots, dashes or underscores');
  }
  return [UserRegistered.create(data)];
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'registered', userId: event.data.userId, username: event.data.username };
    case 'TokensCredited':
      // Before the token ledger, the welcome bonus was recorded here; the ledger opens such
      // accounts with it (infra/tokens/open-accounts.ts).
      return state;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown user event ${JSON.stringify(unknown)}`);
    }
  }
}
