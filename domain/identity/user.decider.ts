// The user account aggregate: registration and the welcome bonus.
import { WELCOME_BONUS_TOKENS } from '../constants';
import { IllegalStateError, ValidationError } from '../shared/errors';
import { tokensToMicros } from '../shared/tokens';
import { TokensCredited, UserRegistered, USERNAME_PATTERN, type UserEvent } from './user.events';

export type UserState =
  | { status: 'unregistered' }
  | { status: 'registered'; userId: string; username: string; balanceMicros: number };

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
  return [
    UserRegistered.create(data),
    TokensCredited.create({
      userId: data.userId,
      amountMicros: tokensToMicros(WELCOME_BONUS_TOKENS),
      reason: 'welcome_bonus',
    }),
  ];
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'registered', userId: event.data.userId, username: event.data.username, balanceMicros: 0 };
    case 'TokensCredited':
      if (state.status !== 'registered') return state;
      return { ...state, balanceMicros: state.balanceMicros + event.data.amountMicros };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown user event ${JSON.stringify(unknown)}`);
    }
  }
}
