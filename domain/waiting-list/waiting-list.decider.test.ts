// Given / when / then specifications of a waiting-list entry: one entry per address however often
// it joins, a mailed link confirms once, a signed-in user's confirmed account address confirms at
// once, confirmation is recorded once, and an entry cannot be referred by its own code.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { LINK_UNKNOWN, LINK_USED, waitingListDecider, type WaitingListCommand } from './waiting-list.decider';
import { WaitingListEntryConfirmed, WaitingListJoined, WaitingListLinkIssued, WaitingListLinkUsed, WaitingListPriorityChosen } from './waiting-list.events';

const { when } = deciderSpec(waitingListDecider);
const entryId = 'a'.repeat(32);
const NOW = '2026-11-29T12:00:00.000Z';
const LATER = '2026-11-29T13:00:00.000Z';
const EXPIRES = '2026-12-01T12:00:00.000Z';
const [link1, link2] = ['1'.repeat(32), '2'.repeat(32)];

const joinData = {
  entryId,
  email: 'ana@example.com',
  isPriority: true,
  affiliateCode: 'AbCdEfGhIjKlMnOp',
  referredBy: { code: 'ReFeRrEr12345678', referrerEntryId: 'b'.repeat(32) } as { code: string; referrerEntryId: string } | null,
  userId: null as string | null,
  notificationPreferences: { email: true, platform: false, sms: false as const },
  joinedAt: NOW,
};
const joinByLink = (linkId = link1, data = joinData): WaitingListCommand => ({ type: 'JoinWaitingList', data, confirmation: { kind: 'link', linkId, expiresAt: EXPIRES } });
const joinByAccount: WaitingListCommand = { type: 'JoinWaitingList', data: { ...joinData, userId: 'user-1' }, confirmation: { kind: 'account-address' } };
const confirm = (linkId = link1): WaitingListCommand => ({ type: 'ConfirmWithLink', data: { entryId, linkId, at: LATER } });

const joined = WaitingListJoined.create(joinData);
const issued = (linkId = link1, isPriority = true) => WaitingListLinkIssued.create({ entryId, linkId, isPriority, expiresAt: EXPIRES, issuedAt: NOW });
const used = (linkId = link1) => WaitingListLinkUsed.create({ entryId, linkId, usedAt: LATER });
const confirmed = WaitingListEntryConfirmed.create({ entryId, confirmedAt: LATER, by: 'mailed-link' });

describe('waiting list decider', () => {
  it('given nothing, a join records the entry and mails a link; joining again mails a new link and records no second entry', () => {
    expect(when([], joinByLink())).toEqual([joined, issued()]);
    const again = when([joined, issued()], joinByLink(link2, { ...joinData, isPriority: false, referredBy: null }));
    expect(again).toEqual([issued(link2, false)]);
  });

  it('a mailed link confirms the entry once; the same link again is refused; a second link after confirmation is used without a second confirmation', () => {
    expect(when([joined, issued()], confirm())).toEqual([used(), confirmed]);
    expect(() => when([joined, issued(), used(), confirmed], confirm())).toThrow(new IllegalStateError(LINK_USED));
    expect(when([joined, issued(), used(), confirmed, issued(link2)], confirm(link2))).toEqual([used(link2)]);
  });

  it('refuses a link never issued for the entry, and a link for an address not on the list', () => {
    expect(() => when([joined, issued()], confirm(link2))).toThrow(new ValidationError(LINK_UNKNOWN));
    expect(() => when([], confirm())).toThrow(NotFoundError);
  });

  it("a signed-in user's confirmed account address confirms at once, once", () => {
    const events = when([], joinByAccount);
    expect(events.map((event) => event.type)).toEqual(['WaitingListJoined', 'WaitingListEntryConfirmed']);
    expect(events[1]!.data).toMatchObject({ by: 'account-address', confirmedAt: NOW });
    expect(when([joined, issued()], joinByAccount).map((event) => event.type)).toEqual(['WaitingListEntryConfirmed']);
    expect(when([joined, confirmed], joinByAccount)).toEqual([]);
  });

  it('applies the priority a later join asked for only when that join is proven: its link confirmed, or the account address', () => {
    const standard = joinByLink(link2, { ...joinData, isPriority: false });
    expect(when([joined, issued(), used(), confirmed], standard)).toEqual([issued(link2, false)]);
    const chosen = WaitingListPriorityChosen.create({ entryId, isPriority: false, chosenAt: LATER });
    expect(when([joined, issued(), used(), confirmed, issued(link2, false)], confirm(link2))).toEqual([used(link2), chosen]);
    // The same priority as recorded: nothing to choose.
    expect(when([joined, issued(), used(), confirmed, issued(link2, true)], confirm(link2))).toEqual([used(link2)]);
    const byAccount: WaitingListCommand = { type: 'JoinWaitingList', data: { ...joinData, isPriority: false, userId: 'user-1' }, confirmation: { kind: 'account-address' } };
    expect(when([joined, confirmed], byAccount)).toEqual([WaitingListPriorityChosen.create({ entryId, isPriority: false, chosenAt: NOW })]);
  });

  it("refuses an entry referred by its own code", () => {
    expect(() => when([], joinByLink(link1, { ...joinData, referredBy: { code: joinData.affiliateCode, referrerEntryId: entryId } }))).toThrow(ValidationError);
  });
});
