// Given / when / then specifications of a content item's royalty receivers: shares within the
// creator's, one receiver per address, invitations accepted or declined, removal.
import { describe, expect, it } from 'vitest';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import {
  committedPercentage,
  decideRoyaltyReceivers,
  evolveRoyaltyReceivers,
  initialRoyaltyReceiversState,
  type RoyaltyReceiversCommand,
} from './royalty-receivers.decider';
import {
  RoyaltyInvitationAccepted,
  RoyaltyInvitationDeclined,
  RoyaltyInvitationSent,
  RoyaltyReceiverAdded,
  RoyaltyReceiverRemoved,
  type RoyaltyReceiversEvent,
} from './royalty-receivers.events';

const contentId = '3f1e2d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';
const ownerId = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';
const invitee = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const other = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const NOW = '2026-11-26T10:00:00.000Z';
const r1 = '00000000-0000-4000-8000-000000000001';
const r2 = '00000000-0000-4000-8000-000000000002';
const r3 = '00000000-0000-4000-8000-000000000003';

const added = (receiverId: string, royaltyPercentage: number, receiverEmail = `${receiverId.slice(-1)}@example.com`) =>
  RoyaltyReceiverAdded.create({ contentId, ownerId, receiverId, receiverName: 'Ana', receiverEmail, royaltyPercentage, receiverWallet: null, creatorShare: 85 });
const sent = (receiverId: string) => RoyaltyInvitationSent.create({ contentId, receiverId, sentAt: NOW, deliveredTo: 'outbox/x.eml' });
const accepted = (receiverId: string, userId = invitee) => RoyaltyInvitationAccepted.create({ contentId, receiverId, userId, acceptedAt: NOW });
const declined = (receiverId: string) => RoyaltyInvitationDeclined.create({ contentId, receiverId, userId: invitee, declinedAt: NOW });
const removed = (receiverId: string) => RoyaltyReceiverRemoved.create({ contentId, receiverId, removedAt: NOW });

/** The state after these events: specifications start from what happened, not from replayed commands. */
function given(...events: RoyaltyReceiversEvent[]) {
  return events.reduce(evolveRoyaltyReceivers, initialRoyaltyReceiversState);
}

function when(events: RoyaltyReceiversEvent[], command: RoyaltyReceiversCommand) {
  return decideRoyaltyReceivers(command, given(...events));
}

const add = (receiverId: string, royaltyPercentage: number, extra: Partial<Extract<RoyaltyReceiversCommand, { type: 'AddReceiver' }>['data']> = {}): RoyaltyReceiversCommand => ({
  type: 'AddReceiver',
  data: { contentId, ownerId, receiverId, receiverName: ' Ana ', receiverEmail: `${receiverId.slice(-1)}@example.com`, royaltyPercentage, receiverWallet: null, creatorShare: 85, ...extra },
});

describe('royalty receivers decider', () => {
  it('given no receivers, when one is added at 15 %, then it is added pending, its name trimmed and its address lower-cased', () => {
    const events = when([], add(r1, 15, { receiverEmail: 'Ana@Example.COM' }));
    expect(events).toEqual([added(r1, 15, 'ana@example.com')]);
    expect(given(...events).receivers[0]).toMatchObject({ status: 'pending', invitationSentAt: null });
  });

  it('repeating an addition (a retried request) decides nothing', () => {
    expect(when([added(r1, 15)], add(r1, 15))).toEqual([]);
  });

  it('refuses a percentage outside 1–50 or with more than two decimals', () => {
    expect(() => when([], add(r1, 0.5))).toThrow(ValidationError);
    expect(() => when([], add(r1, 51))).toThrow('between 1 and 50');
    expect(() => when([], add(r1, 10.005))).toThrow('at most two decimals');
    expect(when([], add(r1, 12.5))).toHaveLength(1);
  });

  it("given 50 % + 30 % shared of the creator's 85 %, then 5 % more fits and 5.01 % does not, saying what is left", () => {
    const history = [added(r1, 50), added(r2, 30)];
    expect(when(history, add(r3, 5))).toHaveLength(1);
    expect(() => when(history, add(r3, 5.01))).toThrow("cannot exceed the creator's 85%: 80% is already shared, so at most 5% is left");
  });

  it("checks the total against the creator's share it is given (a premium contract's 95 %)", () => {
    expect(() => when([added(r1, 50), added(r2, 40)], add(r3, 5))).toThrow(ValidationError);
    expect(when([added(r1, 50), added(r2, 40)], add(r3, 5, { creatorShare: 95 }))).toHaveLength(1);
  });

  it('sums decimals without drift: 33.33 + 33.33 + 18.34 = 85 fits exactly', () => {
    const state = given(added(r1, 33.33), added(r2, 33.33));
    expect(decideRoyaltyReceivers(add(r3, 18.34), state)).toHaveLength(1);
    expect(committedPercentage(given(added(r1, 33.33), added(r2, 33.33), added(r3, 18.34)))).toBe(85);
  });

  it('declined and removed receivers free their share', () => {
    expect(() => when([added(r1, 50), added(r2, 30)], add(r3, 10))).toThrow(ValidationError);
    expect(when([added(r1, 50), added(r2, 30), declined(r2)], add(r3, 10))).toHaveLength(1);
    expect(when([added(r1, 50), added(r2, 30), removed(r2)], add(r3, 10))).toHaveLength(1);
  });

  it('refuses a second receiver with the same address (in any case), unless the first was removed', () => {
    expect(() => when([added(r1, 10, 'ana@example.com')], add(r2, 10, { receiverEmail: 'ANA@example.com' }))).toThrow(IllegalStateError);
    expect(when([added(r1, 10, 'ana@example.com'), removed(r1)], add(r2, 10, { receiverEmail: 'ana@example.com' }))).toHaveLength(1);
  });

  it('refuses a wallet that is not an XRPL classic address, and keeps one that is', () => {
    expect(() => when([], add(r1, 10, { receiverWallet: '0xabc' }))).toThrow('XRP Ledger classic address');
    const [event] = when([], add(r1, 10, { receiverWallet: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' }));
    expect(event!.data).toMatchObject({ receiverWallet: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' });
  });

  it("refuses an addition by someone other than the stream's owner", () => {
    expect(() => when([added(r1, 10)], add(r2, 10, { ownerId: other }))).toThrow('Only the owner');
  });

  it('given a pending receiver, when the invitation is sent, then its date is recorded', () => {
    const events = when([added(r1, 10)], { type: 'RecordInvitationSent', data: { receiverId: r1, sentAt: NOW, deliveredTo: 'outbox/x.eml' } });
    expect(events).toEqual([sent(r1)]);
    expect(given(added(r1, 10), ...events).receivers[0]!.invitationSentAt).toBe(NOW);
  });

  it('given a sent invitation, when accepted, then the accepting user is recorded; accepting again by the same user decides nothing, by another is refused', () => {
    const accept = (userId: string): RoyaltyReceiversCommand => ({ type: 'AcceptInvitation', data: { receiverId: r1, userId, at: NOW } });
    expect(when([added(r1, 10), sent(r1)], accept(invitee))).toEqual([accepted(r1)]);
    expect(given(added(r1, 10), sent(r1), accepted(r1)).receivers[0]).toMatchObject({ status: 'accepted', acceptedUserId: invitee });
    expect(when([added(r1, 10), sent(r1), accepted(r1)], accept(invitee))).toEqual([]);
    expect(() => when([added(r1, 10), sent(r1), accepted(r1)], accept(other))).toThrow('already accepted by another account');
  });

  it('given a sent invitation, when declined, then it is declined; a declined one cannot be accepted, an accepted one cannot be declined', () => {
    const decline: RoyaltyReceiversCommand = { type: 'DeclineInvitation', data: { receiverId: r1, userId: invitee, at: NOW } };
    expect(when([added(r1, 10), sent(r1)], decline)).toEqual([declined(r1)]);
    expect(when([added(r1, 10), declined(r1)], decline)).toEqual([]);
    expect(when([added(r1, 10)], { type: 'DeclineInvitation', data: { receiverId: r1, userId: null, at: NOW } })[0]!.data).toMatchObject({ userId: null });
    expect(() => when([added(r1, 10), declined(r1)], { type: 'AcceptInvitation', data: { receiverId: r1, userId: invitee, at: NOW } })).toThrow(IllegalStateError);
    expect(() => when([added(r1, 10), accepted(r1)], decline)).toThrow(IllegalStateError);
    expect(() => when([added(r1, 10), accepted(r1)], { type: 'RecordInvitationSent', data: { receiverId: r1, sentAt: NOW, deliveredTo: 'x' } })).toThrow(IllegalStateError);
  });

  it("given a removed receiver, its invitation is no longer valid; removing again decides nothing; an unknown receiver is not found", () => {
    const history = [added(r1, 10), sent(r1), removed(r1)];
    expect(() => when(history, { type: 'AcceptInvitation', data: { receiverId: r1, userId: invitee, at: NOW } })).toThrow(NotFoundError);
    expect(when(history, { type: 'RemoveReceiver', data: { receiverId: r1, at: NOW } })).toEqual([]);
    expect(() => when(history, { type: 'RemoveReceiver', data: { receiverId: r2, at: NOW } })).toThrow(NotFoundError);
    expect(when([added(r1, 10), accepted(r1)], { type: 'RemoveReceiver', data: { receiverId: r1, at: NOW } })).toEqual([removed(r1)]);
  });
});
