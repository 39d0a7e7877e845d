// Holds on rights holders' references in the case decider: only the holder of a reference the held
// upload matched may release the hold or claim the work, only while the review is undecided; the last
// holder's release clears a hold that nothing else caused (the decision then reaches the track as a
// reviewer's does), a claim makes the holder the claimant for a reviewer to decide; and a case the
// platform opens for a holder about a registered work skips a user's filing rules and has no default.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { ForbiddenError, IllegalStateError } from '../shared/errors';
import { allowedActionsOf, disputeDecider, DISPUTE_REFUSALS, ORACLE_ACTOR, type DisputeCommand } from './dispute.decider';
import { DisputeFiled, DisputeHoldClaimed, DisputeHoldReleased, DisputeResolved, type CaseReference } from './dispute.events';
import type { DisputeActor } from './ports';

const { given, when } = deciderSpec(disputeDecider);
const AT = '2026-11-02T10:00:00.000Z';
const uploader: DisputeActor = { userId: '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'ulla', roles: ['creator'] };
const holder: DisputeActor = { userId: '1c9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'Harbour Records', roles: ['rights_holder'] };
const otherHolder: DisputeActor = { userId: '6b9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'Tidal Music', roles: ['rights_holder'] };
const reviewer: DisputeActor = { userId: '2d9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'rita', roles: ['creator', 'reviewer'] };
const stranger: DisputeActor = { userId: '5a9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'sam', roles: ['creator', 'rights_holder'] };
const party = (a: DisputeActor) => ({ userId: a.userId, name: a.name });
const viewer = (a: DisputeActor) => ({ userId: a.userId!, roles: a.roles });

const reference = (by: DisputeActor, referenceId = 'ref-1', title = 'Night Ferry'): CaseReference => ({
  referenceId,
  title,
  holderId: by.userId!,
  holderName: by.name,
  kind: 'recording',
  similarity: 96,
  upload: { startSeconds: 0, endSeconds: 30 },
  reference: { startSeconds: 0, endSeconds: 30 },
});

const held = (references: CaseReference[], heldBeyondReferences = false) =>
  DisputeFiled.create({
    disputeId: 'review-c1',
    kind: 'oracle_review',
    workId: 't1',
    workTitle: 'Ferry Song',
    ownerId: uploader.userId!,
    ownerName: uploader.name,
    claimant: { userId: null, name: ORACLE_ACTOR.name },
    disputeType: 'copyright_infringement',
    priority: 'medium',
    subject: '"Ferry Song" was held for review by the copyright check',
    description: 'This track matches “Night Ferry”, a reference recording of Harbour Records',
    claimedRights: [],
    estimatedValueCents: 0,
    checkId: 'c1',
    filedAt: '2026-11-01T10:00:00.000Z',
    answerDueAt: null,
    references,
    heldBeyondReferences,
  });

const release = (actor: DisputeActor, note: string | null = null): DisputeCommand => ({ type: 'ReleaseHold', data: { actor, note, at: AT } });
const claim = (actor: DisputeActor, note = 'We own this recording'): DisputeCommand => ({ type: 'ClaimWork', data: { actor, note, at: AT } });

describe('releasing a hold on a reference', () => {
  it('clears the review when the only holder releases a hold nothing else caused', () => {
    const events = when([held([reference(holder)])], release(holder, 'Licensed to ulla'));
    expect(events.map((e) => e.type)).toEqual(['DisputeHoldReleased', 'DisputeResolved']);
    expect(events[0]!.data).toMatchObject({ by: party(holder), referenceIds: ['ref-1'], note: 'Licensed to ulla' });
    expect(events[1]!.data).toMatchObject({ outcome: 'cleared', by: party(holder), appealUntil: AT });
    expect((events[1]!.data as { details: string }).details).toBe('Harbour Records released the hold: the upload matches “Night Ferry” and the holder lets it stand. “Licensed to ulla”');
  });

  it('leaves the decision to a reviewer while another holder has not released, or something else held the upload', () => {
    const two = held([reference(holder), reference(otherHolder, 'ref-2', 'Low Tide')]);
    expect(when([two], release(holder)).map((e) => e.type)).toEqual(['DisputeHoldReleased']);
    const firstReleased = DisputeHoldReleased.create({ disputeId: 'review-c1', by: party(holder), referenceIds: ['ref-1'], note: null, releasedAt: AT });
    expect(when([two, firstReleased], release(otherHolder)).map((e) => e.type)).toEqual(['DisputeHoldReleased', 'DisputeResolved']);
    expect(when([held([reference(holder)], true)], release(holder)).map((e) => e.type)).toEqual(['DisputeHoldReleased']);
  });

  it('is refused to anyone but a matched holder, twice, and after the decision', () => {
    const filed = held([reference(holder)]);
    expect(() => when([filed], release(stranger))).toThrow(new ForbiddenError(DISPUTE_REFUSALS.notHolder));
    expect(() => when([filed], release(uploader))).toThrow(new ForbiddenError(DISPUTE_REFUSALS.notHolder));
    expect(() => when([filed], release(reviewer))).toThrow(ForbiddenError);
    const released = DisputeHoldReleased.create({ disputeId: 'review-c1', by: party(holder), referenceIds: ['ref-1'], note: null, releasedAt: AT });
    expect(() => when([held([reference(holder)], true), released], release(holder))).toThrow(new IllegalStateError(DISPUTE_REFUSALS.releasedAlready));
    const decided = DisputeResolved.create({ disputeId: 'review-c1', outcome: 'refused', details: 'Copied', compensationCents: 0, by: party(reviewer), byDefault: false, resolvedAt: AT, appealUntil: AT });
    expect(() => when([filed, decided], release(holder))).toThrow(new IllegalStateError(DISPUTE_REFUSALS.resolved));
  });

  it('is no action on a review without references, nor on a dispute', () => {
    expect(() => when([held([])], release(holder))).toThrow(new IllegalStateError(DISPUTE_REFUSALS.notAHold));
  });
});

describe('claiming the work', () => {
  it('makes the holder the claimant, who may then add evidence and messages while a reviewer decides', () => {
    const filed = held([reference(holder)]);
    const events = when([filed], claim(holder));
    expect(events).toEqual([DisputeHoldClaimed.create({ disputeId: 'review-c1', by: party(holder), referenceIds: ['ref-1'], note: 'We own this recording', claimedAt: AT })]);
    const state = given(filed, ...events);
    expect(state.claimant).toEqual(party(holder));
    expect(allowedActionsOf(state, viewer(holder), AT)).toEqual(['add_evidence', 'message']);
    // A refusal by the reviewer is the claim standing; the uploader's release is gone.
    expect(() => when([filed, ...events], release(holder))).toThrow(new IllegalStateError(DISPUTE_REFUSALS.ownClaim));
    expect(() => when([filed, ...events], claim(otherHolder))).toThrow(ForbiddenError);
  });

  it('is one claim per case: a second holder may release but not claim', () => {
    const filed = held([reference(holder), reference(otherHolder, 'ref-2', 'Low Tide')]);
    const claimed = DisputeHoldClaimed.create({ disputeId: 'review-c1', by: party(holder), referenceIds: ['ref-1'], note: 'Ours', claimedAt: AT });
    expect(() => when([filed, claimed], claim(otherHolder))).toThrow(new IllegalStateError(DISPUTE_REFUSALS.claimedAlready('Harbour Records')));
    // Released by the other holder, the claim still stands for the reviewer.
    expect(when([filed, claimed], release(otherHolder)).map((e) => e.type)).toEqual(['DisputeHoldReleased']);
  });
});

describe('what allowedActionsOf offers on a hold', () => {
  const filed = held([reference(holder)]);
  it('offers release and claim to the matched holder only', () => {
    expect(allowedActionsOf(given(filed), viewer(holder), AT)).toEqual(['release_hold', 'claim_work']);
    expect(allowedActionsOf(given(filed), viewer(stranger), AT)).toEqual([]);
    expect(allowedActionsOf(given(filed), viewer(uploader), AT)).toEqual(['add_evidence', 'message']);
    expect(allowedActionsOf(given(filed), viewer(reviewer), AT)).toEqual(['assign']);
  });
});

describe('a case the platform opens for a holder about a registered work', () => {
  const file = (overrides: Partial<Extract<DisputeCommand, { type: 'File' }>['data']> = {}): DisputeCommand => ({
    type: 'File',
    data: {
      disputeId: 'reference-ref-1-w1',
      kind: 'dispute',
      workId: 'w1',
      work: { title: 'Night Drive', ownerId: uploader.userId!, ownerName: uploader.name, registered: true, heldCheckId: null },
      claimant: holder,
      disputeType: 'copyright_infringement',
      priority: 'medium',
      subject: '“Night Ferry”, a reference recording of Harbour Records, matches this work',
      description: 'Same recording, 97% similar',
      claimedRights: [],
      checkId: null,
      estimatedValueCents: 0,
      openCaseId: 'an-earlier-case',
      filedAt: AT,
      filedBy: 'system',
      references: [{ ...reference(holder), kind: null, upload: null, reference: null }],
      ...overrides,
    },
  });

  it('opens with the holder as claimant, the owner as respondent, no default resolution, whatever other case the holder has', () => {
    const [event] = when([], file());
    expect(event).toMatchObject({ type: 'DisputeFiled', data: { kind: 'dispute', claimant: party(holder), ownerId: uploader.userId, filedBy: 'system', answerDueAt: null } });
    expect((event!.data as { references: CaseReference[] }).references.map((r) => r.title)).toEqual(['Night Ferry']);
    expect(when([event!], file())).toEqual([]);
  });

  it("is refused like a user's filing when the user holds the other open case", () => {
    expect(() => when([], file({ filedBy: 'user' }))).toThrow(new IllegalStateError(DISPUTE_REFUSALS.openCase('an-earlier-case')));
  });
});
