// One address on the waiting list. Joining records the entry once (its code, referrer and the user
// who joined are the first join's); joining again mails a fresh link, or confirms at once when a
// signed-in user's account has the address confirmed. A mailed link confirms once: a used or unknown
// link is refused. Confirming is recorded once, and only then does a referral count. The priority a
// later join asks for is applied when that join is proven (its link confirmed, or the account's
// address), so whoever merely types an address cannot change another person's entry.
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { WaitingListEntryConfirmed, WaitingListJoined, WaitingListLinkIssued, WaitingListLinkUsed, WaitingListPriorityChosen, type WaitingListEvent } from './waiting-list.events';

export interface WaitingListState {
  joined: boolean;
  entryId: string;
  confirmed: boolean;
  isPriority: boolean;
  /** Links mailed and not yet used, with the priority their join asked for. */
  openLinks: ReadonlyMap<string, boolean>;
  usedLinks: ReadonlySet<string>;
}

export const initialWaitingListState: WaitingListState = { joined: false, entryId: '', confirmed: false, isPriority: false, openLinks: new Map(), usedLinks: new Set() };

type JoinData = ReturnType<typeof WaitingListJoined.create>['data'];

/** How the address is to be confirmed: a mailed link, or the joining user's account already confirmed it. */
export type Confirmation = { kind: 'link'; linkId: string; expiresAt: string } | { kind: 'account-address' };

export type WaitingListCommand =
  | { type: 'JoinWaitingList'; data: JoinData; confirmation: Confirmation }
  | { type: 'ConfirmWithLink'; data: { entryId: string; linkId: string; at: string } };

export const ENTRY_NOT_FOUND = 'This address is not on the waiting list';
export const LINK_USED = 'This link was already used: join again with the same address to get a new one';
export const LINK_UNKNOWN = 'This is not a valid link: open the link from the mail as it is';

export function decideWaitingList(command: WaitingListCommand, state: WaitingListState): WaitingListEvent[] {
  switch (command.type) {
    case 'JoinWaitingList':
      return join(command.data, command.confirmation, state);
    case 'ConfirmWithLink':
      return confirmWithLink(command.data, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown waiting list command ${JSON.stringify(unknown)}`);
    }
  }
}

function join(data: JoinData, confirmation: Confirmation, state: WaitingListState): WaitingListEvent[] {
  if (data.referredBy?.referrerEntryId === data.entryId) throw new ValidationError('Your own referral code does not count for your own address');
  const entry = state.joined ? [] : [WaitingListJoined.create(data)];
  if (confirmation.kind === 'account-address') {
    const confirmed = state.confirmed ? [] : [WaitingListEntryConfirmed.create({ entryId: data.entryId, confirmedAt: data.joinedAt, by: 'account-address' })];
    const priority = state.joined && state.isPriority !== data.isPriority ? [WaitingListPriorityChosen.create({ entryId: data.entryId, isPriority: data.isPriority, chosenAt: data.joinedAt })] : [];
    return [...entry, ...confirmed, ...priority];
  }
  return [...entry, WaitingListLinkIssued.create({ entryId: data.entryId, linkId: confirmation.linkId, isPriority: data.isPriority, expiresAt: confirmation.expiresAt, issuedAt: data.joinedAt })];
}

function confirmWithLink(data: { entryId: string; linkId: string; at: string }, state: WaitingListState): WaitingListEvent[] {
  if (!state.joined) throw new NotFoundError(ENTRY_NOT_FOUND);
  if (state.usedLinks.has(data.linkId)) throw new IllegalStateError(LINK_USED);
  const askedPriority = state.openLinks.get(data.linkId);
  if (askedPriority === undefined) throw new ValidationError(LINK_UNKNOWN);
  const used = WaitingListLinkUsed.create({ entryId: data.entryId, linkId: data.linkId, usedAt: data.at });
  const confirmed = state.confirmed ? [] : [WaitingListEntryConfirmed.create({ entryId: data.entryId, confirmedAt: data.at, by: 'mailed-link' })];
  const priority = askedPriority === state.isPriority ? [] : [WaitingListPriorityChosen.create({ entryId: data.entryId, isPriority: askedPriority, chosenAt: data.at })];
  return [used, ...confirmed, ...priority];
}

export function evolveWaitingList(state: WaitingListState, event: WaitingListEvent): WaitingListState {
  switch (event.type) {
    case 'WaitingListJoined':
      return { ...state, joined: true, entryId: event.data.entryId, isPriority: event.data.isPriority };
    case 'WaitingListLinkIssued':
      return { ...state, openLinks: new Map([...state.openLinks, [event.data.linkId, event.data.isPriority]]) };
    case 'WaitingListLinkUsed': {
      const openLinks = new Map(state.openLinks);
      openLinks.delete(event.data.linkId);
      return { ...state, openLinks, usedLinks: new Set([...state.usedLinks, event.data.linkId]) };
    }
    case 'WaitingListEntryConfirmed':
      return { ...state, confirmed: true };
    case 'WaitingListPriorityChosen':
      return { ...state, isPriority: event.data.isPriority };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown waiting list event ${JSON.stringify(unknown)}`);
    }
  }
}

export const waitingListDecider = { decide: decideWaitingList, evolve: evolveWaitingList, initialState: initialWaitingListState };
