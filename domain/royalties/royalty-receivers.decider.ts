// The royalty receivers of one content item: the creator adds them (1–50 % each, their total never
// above the creator's own share, one receiver per email address), each is invited, and accepts or
// declines; the creator may remove one. Declined and removed receivers no longer count against the
// creator's share and are not paid. Repeating a command (a retried request) decides nothing.
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import {
  RoyaltyInvitationAccepted,
  RoyaltyInvitationDeclined,
  RoyaltyInvitationSent,
  RoyaltyReceiverAdded,
  RoyaltyReceiverRemoved,
  type RoyaltyReceiversEvent,
} from './royalty-receivers.events';
import { RECEIVER_MAX_PERCENTAGE, RECEIVER_MIN_PERCENTAGE } from './terms';

const XRPL_CLASSIC_ADDRESS = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/;

export interface ReceiverState {
  receiverId: string;
  receiverName: string;
  receiverEmail: string;
  royaltyPercentage: number;
  receiverWallet: string | null;
  status: 'pending' | 'accepted' | 'declined' | 'removed';
  invitationSentAt: string | null;
  acceptedUserId: string | null;
}

export interface RoyaltyReceiversState {
  contentId: string | null;
  ownerId: string | null;
  /** In the order they were added, removed ones included. */
  receivers: readonly ReceiverState[];
}

export const initialRoyaltyReceiversState: RoyaltyReceiversState = { contentId: null, ownerId: null, receivers: [] };

export type RoyaltyReceiversCommand =
  | {
      type: 'AddReceiver';
      data: {
        contentId: string;
        ownerId: string;
        receiverId: string;
        receiverName: string;
        receiverEmail: string;
        royaltyPercentage: number;
        receiverWallet: string | null;
        /** The creator's share under the content's contract (CreatorShareOf). */
        creatorShare: number;
      };
    }
  | { type: 'RecordInvitationSent'; data: { receiverId: string; sentAt: string; deliveredTo: string } }
  | { type: 'AcceptInvitation'; data: { receiverId: string; userId: string; at: string } }
  | { type: 'DeclineInvitation'; data: { receiverId: string; userId: string | null; at: string } }
  | { type: 'RemoveReceiver'; data: { receiverId: string; at: string } };

/** Percent in hundredths, so totals add without floating-point drift. */
function hundredths(percentage: number): number {
  return Math.round(percentage * 100);
}

/** The share the receivers who may still be paid (pending or accepted) take together, in percent. */
export function committedPercentage(state: RoyaltyReceiversState): number {
  return state.receivers.filter(counts).reduce((sum, r) => sum + hundredths(r.royaltyPercentage), 0) / 100;
}

function counts(receiver: ReceiverState): boolean {
  return receiver.status === 'pending' || receiver.status === 'accepted';
}

export function decideRoyaltyReceivers(command: RoyaltyReceiversCommand, state: RoyaltyReceiversState): RoyaltyReceiversEvent[] {
  switch (command.type) {
    case 'AddReceiver':
      return add(command.data, state);
    case 'RecordInvitationSent': {
      const receiver = live(state, command.data.receiverId, 'Receiver not found');
      if (receiver.status !== 'pending') throw new IllegalStateError(`The invitation was already ${receiver.status}; there is nothing to send`);
      const contentId = state.contentId!;
      return [RoyaltyInvitationSent.create({ contentId, receiverId: receiver.receiverId, sentAt: command.data.sentAt, deliveredTo: command.data.deliveredTo })];
    }
    case 'AcceptInvitation': {
      const receiver = live(state, command.data.receiverId, 'This invitation is no longer valid');
      if (receiver.status === 'accepted') {
        if (receiver.acceptedUserId === command.data.userId) return [];
        throw new IllegalStateError('This invitation was already accepted by another account');
      }
      if (receiver.status === 'declined') throw new IllegalStateError('This invitation was declined; ask the creator to invite you again');
      return [RoyaltyInvitationAccepted.create({ contentId: state.contentId!, receiverId: receiver.receiverId, userId: command.data.userId, acceptedAt: command.data.at })];
    }
    case 'DeclineInvitation': {
      const receiver = live(state, command.data.receiverId, 'This invitation is no longer valid');
      if (receiver.status === 'declined') return [];
      if (receiver.status === 'accepted') throw new IllegalStateError('This invitation was already accepted; ask the creator to remove you as a receiver');
      return [RoyaltyInvitationDeclined.create({ contentId: state.contentId!, receiverId: receiver.receiverId, userId: command.data.userId, declinedAt: command.data.at })];
    }
    case 'RemoveReceiver': {
      const receiver = state.receivers.find((r) => r.receiverId === command.data.receiverId);
      if (!receiver) throw new NotFoundError('Receiver not found');
      if (receiver.status === 'removed') return [];
      return [RoyaltyReceiverRemoved.create({ contentId: state.contentId!, receiverId: receiver.receiverId, removedAt: command.data.at })];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown royalty receivers command ${JSON.stringify(unknown)}`);
    }
  }
}

function live(state: RoyaltyReceiversState, receiverId: string, missing: string): ReceiverState {
  const receiver = state.receivers.find((r) => r.receiverId === receiverId);
  if (!receiver || receiver.status === 'removed') throw new NotFoundError(missing);
  return receiver;
}

function add(data: Extract<RoyaltyReceiversCommand, { type: 'AddReceiver' }>['data'], state: RoyaltyReceiversState): RoyaltyReceiversEvent[] {
  if (state.receivers.some((r) => r.receiverId === data.receiverId)) return [];
  if (state.ownerId && state.ownerId !== data.ownerId) throw new IllegalStateError('Only the owner of the content manages its royalty receivers');
  const { royaltyPercentage, creatorShare } = data;
  if (!(royaltyPercentage >= RECEIVER_MIN_PERCENTAGE && royaltyPercentage <= RECEIVER_MAX_PERCENTAGE)) {
    throw new ValidationError(`The percentage must be between ${RECEIVER_MIN_PERCENTAGE} and ${RECEIVER_MAX_PERCENTAGE}`);
  }
  if (Math.abs(royaltyPercentage * 100 - hundredths(royaltyPercentage)) > 1e-6) throw new ValidationError('The percentage has at most two decimals');
  const receiverEmail = data.receiverEmail.trim().toLowerCase();
  if (state.receivers.some((r) => r.status !== 'removed' && r.receiverEmail === receiverEmail)) {
    throw new IllegalStateError(`${receiverEmail} is already a receiver of this content`);
  }
  const receiverWallet = data.receiverWallet?.trim() || null;
  if (receiverWallet && !XRPL_CLASSIC_ADDRESS.test(receiverWallet)) throw new ValidationError('The receiver wallet must be an XRP Ledger classic address (r…)');
  const committed = committedPercentage(state);
  if (hundredths(committed) + hundredths(royaltyPercentage) > hundredths(creatorShare)) {
    const room = (hundredths(creatorShare) - hundredths(committed)) / 100;
    throw new ValidationError(
      `The receivers' shares cannot exceed the creator's ${creatorShare}%: ${committed}% is already shared, so at most ${Math.max(0, room)}% is left`,
    );
  }
  return [
    RoyaltyReceiverAdded.create({
      contentId: data.contentId,
      receiverId: data.receiverId,
      ownerId: data.ownerId,
      receiverName: data.receiverName.trim(),
      receiverEmail,
      royaltyPercentage,
      receiverWallet,
      creatorShare,
    }),
  ];
}

export function evolveRoyaltyReceivers(state: RoyaltyReceiversState, event: RoyaltyReceiversEvent): RoyaltyReceiversState {
  switch (event.type) {
    case 'RoyaltyReceiverAdded': {
      const { contentId, ownerId, receiverId, receiverName, receiverEmail, royaltyPercentage, receiverWallet } = event.data;
      const receiver: ReceiverState = { receiverId, receiverName, receiverEmail, royaltyPercentage, receiverWallet, status: 'pending', invitationSentAt: null, acceptedUserId: null };
      return { contentId, ownerId: state.ownerId ?? ownerId, receivers: [...state.receivers, receiver] };
    }
    case 'RoyaltyInvitationSent':
      return update(state, event.data.receiverId, { invitationSentAt: event.data.sentAt });
    case 'RoyaltyInvitationAccepted':
      return update(state, event.data.receiverId, { status: 'accepted', acceptedUserId: event.data.userId });
    case 'RoyaltyInvitationDeclined':
      return update(state, event.data.receiverId, { status: 'declined' });
    case 'RoyaltyReceiverRemoved':
      return update(state, event.data.receiverId, { status: 'removed' });
    default: {
      const unknown: never = event;
      throw new Error(`Unknown royalty receivers event ${JSON.stringify(unknown)}`);
    }
  }
}

function update(state: RoyaltyReceiversState, receiverId: string, change: Partial<ReceiverState>): RoyaltyReceiversState {
  return { ...state, receivers: state.receivers.map((r) => (r.receiverId === receiverId ? { ...r, ...change } : r)) };
}

export const royaltyReceiversDecider = {
  decide: decideRoyaltyReceivers,
  evolve: evolveRoyaltyReceivers,
  initialState: initialRoyaltyReceiversState,
};
