// The dispute screens' words and figures: the relative created time's steps, the live countdowns,
// the four summary cards, the list's query string and the filters read back from the address, the
// timeline's order, and when a row offers Add Evidence.
import { describe, expect, it } from 'vitest';
import { dispute } from './dispute.fixture';
import { autoActionText, canAddEvidence, countdown, DEFAULT_FILTERS, disputeSearchParams, filtersFromParams, relativeCreated, summaryCards, timelineOf } from './labels';

const now = new Date('2026-11-26T12:00:00');

describe('relative created time', () => {
  it('says Today, Yesterday, N days ago under 7, N weeks ago under 30, else N months ago', () => {
    expect(relativeCreated('2026-11-26T01:00:00', now)).toBe('Today');
    expect(relativeCreated('2026-11-25T23:00:00', now)).toBe('Yesterday');
    expect(relativeCreated('2026-11-20T12:00:00', now)).toBe('6 days ago');
    expect(relativeCreated('2026-11-19T12:00:00', now)).toBe('1 week ago');
    expect(relativeCreated('2026-10-28T12:00:00', now)).toBe('4 weeks ago');
    expect(relativeCreated('2026-10-27T12:00:00', now)).toBe('1 month ago');
    expect(relativeCreated('2026-05-26T12:00:00', now)).toBe('6 months ago');
  });
});

describe('countdown', () => {
  const response = { kind: 'response', party: 'respondent', consequence: 'Upheld by default' } as const;

  it('counts days and hours left, then hours and minutes, then says the deadline passed', () => {
    const at = new Date('2026-11-26T08:00:00.000Z');
    expect(countdown({ ...response, dueAt: '2026-12-26T07:00:00.000Z' }, at)).toBe('29 days 23 h left to answer');
    expect(countdown({ ...response, kind: 'appeal', dueAt: '2026-11-26T13:12:30.000Z' }, at)).toBe('5 h 12 min left to appeal');
    expect(countdown({ ...response, kind: 'evidence', dueAt: '2026-11-27T09:00:00.000Z' }, at)).toBe('1 day 1 h left to send evidence');
    expect(countdown({ ...response, dueAt: '2026-11-25T08:00:00.000Z' }, at)).toBe('Deadline to answer passed');
  });
});

describe('summary cards', () => {
  it('counts open and investigating as Open Disputes, and reads Under Review, Resolved and Critical Priority', () => {
    const cards = summaryCards({ byStatus: { open: 2, investigating: 3, under_review: 1, resolved: 4, dismissed: 9 }, byType: {}, byPriority: { critical: 2, low: 5 } });
    expect(cards).toEqual({ open: 5, underReview: 1, resolved: 4, critical: 2 });
    expect(summaryCards({ byStatus: {}, byType: {}, byPriority: {} })).toEqual({ open: 0, underReview: 0, resolved: 0, critical: 0 });
  });
});

describe('filters', () => {
  it('sends only what is set, and reads the same filters back from the address', () => {
    expect(disputeSearchParams(DEFAULT_FILTERS)).toBe('');
    const filters = { status: 'pending_evidence', disputeType: 'ownership_claim', priority: 'critical', assignedTo: 'me', workId: ' track-9 ' } as const;
    const query = disputeSearchParams(filters);
    expect(query).toBe('status=pending_evidence&disputeType=ownership_claim&priority=critical&assignedTo=me&workId=track-9');
    expect(filtersFromParams(new URLSearchParams(query))).toEqual({ ...filters, workId: 'track-9' });
  });

  it('ignores values it does not know', () => {
    expect(filtersFromParams(new URLSearchParams('status=lost&priority=urgent&assignedTo=bob'))).toEqual(DEFAULT_FILTERS);
  });
});

describe('timeline', () => {
  it('lists Dispute Filed, each evidence item, messages, Dispute Resolved and the appeal in time order', () => {
    const resolved = dispute({
      resolution: { outcome: 'upheld', details: 'Copied', compensationAmount: 10, compensationNote: null, resolvedAt: '2026-11-27T08:00:00.000Z', resolvedByName: 'rita', byDefault: false, appealUntil: '2026-12-04T08:00:00.000Z' },
      appeal: { appealedAt: '2026-11-28T08:00:00.000Z', byName: 'alice', reason: 'Not heard' },
    });
    expect(timelineOf(resolved).map((entry) => entry.title)).toEqual(['Dispute Filed', 'Evidence Submitted', 'Message', 'Dispute Resolved', 'Appealed']);
    expect(timelineOf(dispute({ evidence: { documents: [] }, messages: [] })).map((entry) => entry.title)).toEqual(['Dispute Filed']);
  });
});

describe('Add Evidence on a row', () => {
  it('shows for a party the server allows, and for anyone allowed while evidence is pending; never when not allowed', () => {
    expect(canAddEvidence(dispute())).toBe(true);
    expect(canAddEvidence(dispute({ viewer: { isClaimant: false, allowedActions: ['add_evidence'], roles: ['reviewer'] } }))).toBe(false);
    expect(canAddEvidence(dispute({ status: 'pending_evidence', viewer: { isClaimant: false, isAssignedReviewer: true, allowedActions: ['add_evidence'] } }))).toBe(true);
    expect(canAddEvidence(dispute({ status: 'pending_evidence', viewer: { allowedActions: [] } }))).toBe(false);
  });

  it('never says the owner was notified while the server sends no notifications', () => {
    const told = { action: 'owner_notified' as const, detail: 'The owner sees the case in their disputes list, and an open app is told at once' };
    expect(autoActionText(told, false)).toBe("The case is listed in the owner's Disputes tab; no notification is sent to them (no mail, no in-app message).");
    expect(autoActionText(told, true)).toBe(told.detail);
    expect(autoActionText({ action: 'case_opened', detail: 'Case #d1 opened' }, false)).toBe('Case #d1 opened');
  });
});
