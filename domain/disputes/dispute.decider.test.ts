// Given / when / then specifications of a case: filing and its refusals, the owner's answer, a
// reviewer's assignment (never on their own case), status changes, evidence and messages, the
// resolution and the review decision, the single appeal in its window, the deadlines and their
// reminders, and what allowedActionsOf offers each viewer.
import { describe, expect, it } from 'vitest';
import { ForbiddenError, IllegalStateError, NotFoundError, UnauthorizedError, ValidationError } from '../shared/errors';
import { deciderSpec } from '../shared/decider-spec';
import { allowedActionsOf, compensationReference, disputeDecider, DISPUTE_REFUSALS, ORACLE_ACTOR, PLATFORM_ACTOR, type DisputeCommand } from './dispute.decider';
import {
  DisputeAnswered,
  DisputeAppealed,
  DisputeAssetsFrozen,
  DisputeAssetsUnfrozen,
  DisputeAssigned,
  DisputeClosed,
  DisputeCompensationPaid,
  DisputeDeadlinePassed,
  DisputeDeadlineReminded,
  DisputeEvidenceAdded,
  DisputeEvidenceRequested,
  DisputeFiled,
  DisputeMessagePosted,
  DisputeOwnerNotified,
  DisputeResolved,
  DisputeStatusChanged,
} from './dispute.events';
import type { DisputeActor } from './ports';

const { given, when } = deciderSpec(disputeDecider);
const FILED_AT = '2026-11-01T10:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const after = (days: number, from = FILED_AT) => new Date(Date.parse(from) + days * DAY).toISOString();

const owner: DisputeActor = { userId: '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'olivia', roles: ['creator'] };
const claimant: DisputeActor = { userId: '1c9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'carl', roles: ['creator'] };
const reviewer: DisputeActor = { userId: '2d9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'rita', roles: ['creator', 'reviewer'] };
const otherReviewer: DisputeActor = { userId: '3e9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'rob', roles: ['creator', 'reviewer'] };
const auditor: DisputeActor = { userId: '4f9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'ada', roles: ['creator', 'auditor'] };
const stranger: DisputeActor = { userId: '5a9f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f', name: 'sam', roles: ['creator'] };
const p = (a: DisputeActor) => ({ userId: a.userId, name: a.name });
const work = { title: 'Night Drive', ownerId: owner.userId!, ownerName: owner.name, registered: true, heldCheckId: null };

type FileData = Extract<DisputeCommand, { type: 'File' }>['data'];
const fileCommand = (overrides: Partial<FileData> = {}): DisputeCommand => ({
  type: 'File',
  data: {
    disputeId: 'd1',
    kind: 'dispute',
    workId: 'w1',
    work,
    claimant,
    disputeType: 'copyright_infringement',
    priority: 'high',
    subject: 'My melody',
    description: 'The chorus is mine',
    claimedRights: ['reproduction'],
    checkId: null,
    estimatedValueCents: 1250,
    openCaseId: null,
    filedAt: FILED_AT,
    ...overrides,
  },
});
const filed = DisputeFiled.create({
  disputeId: 'd1',
  kind: 'dispute',
  workId: 'w1',
  workTitle: 'Night Drive',
  ownerId: owner.userId!,
  ownerName: 'olivia',
  claimant: p(claimant),
  disputeType: 'copyright_infringement',
  priority: 'high',
  subject: 'My melody',
  description: 'The chorus is mine',
  claimedRights: ['reproduction'],
  estimatedValueCents: 1250,
  checkId: null,
  filedAt: FILED_AT,
  answerDueAt: after(30),
});
const frozen = DisputeAssetsFrozen.create({ disputeId: 'd1', workId: 'w1', payoutsFrozen: true, licensingFrozen: true, contractId: 'c1', detail: 'frozen', frozenAt: FILED_AT });
const T1 = after(1);
const answered = DisputeAnswered.create({ disputeId: 'd1', by: p(owner), message: 'It is mine', answeredAt: T1 });
const toInvestigating = DisputeStatusChanged.create({ disputeId: 'd1', from: 'open', to: 'investigating', by: p(owner), reason: 'The owner answered the claim', changedAt: T1 });
const assigned = DisputeAssigned.create({ disputeId: 'd1', reviewer: p(reviewer), assignedBy: p(reviewer), assignedAt: after(2) });
const RESOLVED_AT = after(3);
const resolved = DisputeResolved.create({ disputeId: 'd1', outcome: 'upheld', details: 'Copied', compensationCents: 500, by: p(reviewer), byDefault: false, resolvedAt: RESOLVED_AT, appealUntil: after(7, RESOLVED_AT) });
const appealed = DisputeAppealed.create({ disputeId: 'd1', by: p(owner), reason: 'Wrong', appealedAt: after(4) });
const underway = [filed, frozen, answered, toInvestigating, assigned];

describe('dispute decider: filing', () => {
  it('given nothing, when a user files against a registered work of another, then the case opens with the answer due in 30 days; the same filing again decides nothing', () => {
    expect(when([], fileCommand())).toEqual([filed]);
    expect(given(filed)).toMatchObject({ status: 'open', answerDueAt: after(30), respondent: p(owner), claimant: p(claimant) });
    expect(when([filed], fileCommand())).toEqual([]);
    expect(() => when([filed], fileCommand({ claimant: stranger }))).toThrow(DISPUTE_REFUSALS.otherCase('d1'));
  });

  it.each([
    ['the claimant is signed out', { claimant: { userId: null, name: 'anon', roles: [] } }, UnauthorizedError, DISPUTE_REFUSALS.signIn],
    ['the work does not exist', { work: null }, NotFoundError, DISPUTE_REFUSALS.noWork('w1')],
    ['the work is not registered', { work: { ...work, registered: false } }, ValidationError, DISPUTE_REFUSALS.notRegistered],
    ['the work is the claimant’s own', { claimant: owner }, ForbiddenError, DISPUTE_REFUSALS.ownWork],
    ['the claimant has an open case about the work', { openCaseId: 'd0' }, IllegalStateError, DISPUTE_REFUSALS.openCase('d0')],
  ] as const)('refuses a filing when %s', (_, overrides, kind, message) => {
    expect(() => when([], fileCommand(overrides as Partial<FileData>))).toThrow(kind);
    expect(() => when([], fileCommand(overrides as Partial<FileData>))).toThrow(message);
  });

  it('opens an oracle review of a held track with no answer deadline; refuses a user, a registered track, or another check', () => {
    const review = (o: Partial<FileData> = {}) => fileCommand({ kind: 'oracle_review', claimant: ORACLE_ACTOR, checkId: 'chk1', work: { ...work, registered: false, heldCheckId: 'chk1' }, ...o });
    const [event] = when([], review());
    expect(event).toMatchObject({ type: 'DisputeFiled', data: { kind: 'oracle_review', claimant: { userId: null, name: 'Copyright oracle' }, checkId: 'chk1', answerDueAt: null } });
    expect(() => when([], review({ claimant }))).toThrow(DISPUTE_REFUSALS.oracleOnly);
    expect(() => when([], review({ work: { ...work, registered: true, heldCheckId: 'chk1' } }))).toThrow(DISPUTE_REFUSALS.alreadyRegistered);
    expect(() => when([], review({ checkId: 'chk2' }))).toThrow(DISPUTE_REFUSALS.notHeld('chk2'));
  });

  it('refuses any action on a case that was never filed', () => {
    expect(() => when([], { type: 'Respond', data: { actor: owner, message: 'x', at: T1 } })).toThrow(NotFoundError);
  });
});

describe('dispute decider: the automatic actions', () => {
  it('records the freeze, the owner notified and the unfreeze once each; a new freeze after an unfreeze (an appeal) is recorded again', () => {
    const freeze: DisputeCommand = { type: 'RecordFreeze', data: { payoutsFrozen: true, licensingFrozen: true, contractId: 'c1', detail: 'frozen', at: FILED_AT } };
    expect(when([filed], freeze)).toEqual([frozen]);
    expect(when([filed, frozen], freeze)).toEqual([]);
    const notify: DisputeCommand = { type: 'RecordOwnerNotified', data: { channel: 'in_app', detail: 'told', at: FILED_AT } };
    const notified = DisputeOwnerNotified.create({ disputeId: 'd1', ownerId: owner.userId!, channel: 'in_app', detail: 'told', notifiedAt: FILED_AT });
    expect(when([filed], notify)).toEqual([notified]);
    expect(when([filed, notified], notify)).toEqual([]);
    const unfreeze: DisputeCommand = { type: 'RecordUnfreeze', data: { contractId: 'c1', detail: 'lifted', at: RESOLVED_AT } };
    const unfrozen = DisputeAssetsUnfrozen.create({ disputeId: 'd1', workId: 'w1', contractId: 'c1', detail: 'lifted', unfrozenAt: RESOLVED_AT });
    expect(when([filed, frozen], unfreeze)).toEqual([unfrozen]);
    expect(when([filed, frozen, unfrozen], unfreeze)).toEqual([]);
    expect(when([filed, frozen, unfrozen], freeze)).toHaveLength(1);
  });
});

describe('dispute decider: the answer', () => {
  it('given an open case, when the owner answers before the deadline, then it is recorded and the case is investigating', () => {
    expect(when([filed], { type: 'Respond', data: { actor: owner, message: 'It is mine', at: T1 } })).toEqual([answered, toInvestigating]);
  });

  it.each([
    ['someone else answers', [filed], claimant, T1, ForbiddenError, DISPUTE_REFUSALS.notRespondent],
    ['the answer is late', [filed], owner, after(30), IllegalStateError, DISPUTE_REFUSALS.answerLate(after(30))],
    ['it was answered already', [filed, answered, toInvestigating], owner, T1, IllegalStateError, DISPUTE_REFUSALS.answered],
    ['the case is resolved', [...underway, resolved], owner, T1, IllegalStateError, DISPUTE_REFUSALS.resolved],
  ] as const)('refuses an answer when %s', (_, events, actor, at, kind, message) => {
    expect(() => when(events, { type: 'Respond', data: { actor, message: 'x', at } })).toThrow(kind);
    expect(() => when(events, { type: 'Respond', data: { actor, message: 'x', at } })).toThrow(message);
  });
});

describe('dispute decider: assignment and status', () => {
  it('a reviewer takes the case (again: nothing); another reviewer may take it over', () => {
    const take: DisputeCommand = { type: 'Assign', data: { actor: reviewer, reviewer, at: after(2) } };
    expect(when([filed, frozen, answered, toInvestigating], take)).toEqual([assigned]);
    expect(when(underway, take)).toEqual([]);
    expect(when(underway, { type: 'Assign', data: { actor: reviewer, reviewer: otherReviewer, at: after(2) } })[0]).toMatchObject({ type: 'DisputeAssigned', data: { reviewer: p(otherReviewer) } });
  });

  it.each([
    ['the actor is not a reviewer', stranger, reviewer, ForbiddenError, DISPUTE_REFUSALS.reviewerRole],
    ['the reviewer is a party of the case', { ...claimant, roles: ['creator', 'reviewer'] } as DisputeActor, reviewer, ForbiddenError, DISPUTE_REFUSALS.ownCase],
    ['the one assigned is a party of the case', reviewer, { ...owner, roles: ['creator', 'reviewer'] } as DisputeActor, ForbiddenError, DISPUTE_REFUSALS.ownCase],
    ['the one assigned is not a reviewer', reviewer, auditor, ValidationError, DISPUTE_REFUSALS.notAReviewer('ada')],
  ] as const)('refuses an assignment when %s', (_, actor, assignee, kind, message) => {
    const command: DisputeCommand = { type: 'Assign', data: { actor, reviewer: assignee, at: after(2) } };
    expect(() => when([filed], command)).toThrow(kind);
    expect(() => when([filed], command)).toThrow(message);
  });

  it('the assigned reviewer changes the status; the same status decides nothing; others and pending_evidence are refused', () => {
    const change = (actor: DisputeActor, status: 'under_review' | 'investigating' | 'pending_evidence'): DisputeCommand => ({ type: 'ChangeStatus', data: { actor, status, note: 'looking', at: after(2) } });
    expect(when(underway, change(reviewer, 'under_review'))).toEqual([DisputeStatusChanged.create({ disputeId: 'd1', from: 'investigating', to: 'under_review', by: p(reviewer), reason: 'looking', changedAt: after(2) })]);
    expect(when(underway, change(reviewer, 'investigating'))).toEqual([]);
    expect(() => when(underway, change(otherReviewer, 'under_review'))).toThrow(DISPUTE_REFUSALS.notAssigned);
    expect(() => when(underway, change(reviewer, 'pending_evidence'))).toThrow(DISPUTE_REFUSALS.requestEvidenceInstead);
    expect(() => when([...underway, resolved], change(reviewer, 'under_review'))).toThrow(DISPUTE_REFUSALS.resolved);
  });
});

describe('dispute decider: evidence and messages', () => {
  const requested = DisputeEvidenceRequested.create({ disputeId: 'd1', from: 'respondent', note: 'Send the stems', by: p(reviewer), requestedAt: after(2), dueAt: after(16) });
  const toPending = DisputeStatusChanged.create({ disputeId: 'd1', from: 'investigating', to: 'pending_evidence', by: p(reviewer), reason: 'Send the stems', changedAt: after(2) });

  it('the assigned reviewer requests evidence: pending_evidence, due in 14 days; nobody else may', () => {
    const request = (actor: DisputeActor): DisputeCommand => ({ type: 'RequestEvidence', data: { actor, from: 'respondent', note: 'Send the stems', at: after(2) } });
    expect(when(underway, request(reviewer))).toEqual([requested, toPending]);
    expect(given(...underway, requested, toPending)).toMatchObject({ status: 'pending_evidence', evidenceRequest: { dueAt: after(16) } });
    expect(() => when(underway, request(owner))).toThrow(ForbiddenError);
  });

  it('parties and the assigned reviewer add evidence (once per id) and post messages; strangers and closed cases are refused', () => {
    const add = (actor: DisputeActor, evidenceId = 'e1'): DisputeCommand => ({ type: 'AddEvidence', data: { actor, evidenceId, evidenceType: 'document', description: 'Stems', file: null, at: after(3) } });
    const added = DisputeEvidenceAdded.create({ disputeId: 'd1', evidenceId: 'e1', by: p(owner), party: 'respondent', type: 'document', description: 'Stems', file: null, addedAt: after(3) });
    expect(when(underway, add(owner))).toEqual([added]);
    expect(when([...underway, added], add(owner))).toEqual([]);
    expect(when(underway, add(reviewer, 'e2'))[0]).toMatchObject({ data: { party: 'reviewer' } });
    expect(when(underway, add(claimant, 'e3'))[0]).toMatchObject({ data: { party: 'claimant' } });
    expect(() => when(underway, add(stranger))).toThrow(DISPUTE_REFUSALS.notInvolved);
    expect(() => when(underway, add(auditor))).toThrow(ForbiddenError);
    const post = (actor: DisputeActor): DisputeCommand => ({ type: 'PostMessage', data: { actor, messageId: 'm1', message: 'Hello', at: after(3) } });
    const posted = DisputeMessagePosted.create({ disputeId: 'd1', messageId: 'm1', sender: p(claimant), senderType: 'claimant', message: 'Hello', postedAt: after(3) });
    expect(when(underway, post(claimant))).toEqual([posted]);
    expect(when([...underway, posted], post(claimant))).toEqual([]);
    expect(() => when(underway, post(stranger))).toThrow(ForbiddenError);
    const closed = DisputeClosed.create({ disputeId: 'd1', closedAt: after(11) });
    expect(() => when([...underway, resolved, closed], post(claimant))).toThrow(DISPUTE_REFUSALS.closed);
  });

  it('evidence not sent in 14 days: the deadline passes and the case returns to under_review; early is refused; already moved on decides nothing', () => {
    const pending = [...underway, requested, toPending];
    const pass = (at: string): DisputeCommand => ({ type: 'PassDeadline', data: { kind: 'evidence', at } });
    expect(when(pending, pass(after(16)))).toEqual([
      DisputeDeadlinePassed.create({ disputeId: 'd1', kind: 'evidence', dueAt: after(16), consequence: 'The requested evidence did not arrive in time: the case returns to review', passedAt: after(16) }),
      DisputeStatusChanged.create({ disputeId: 'd1', from: 'pending_evidence', to: 'under_review', by: PLATFORM_ACTOR, reason: 'The evidence deadline passed', changedAt: after(16) }),
    ]);
    expect(() => when(pending, pass(after(15)))).toThrow(DISPUTE_REFUSALS.notDue('evidence', after(16)));
    expect(when(underway, pass(after(16)))).toEqual([]);
  });
});

describe('dispute decider: resolution, compensation, appeal and closing', () => {
  it('the assigned reviewer resolves with an appeal window of 7 days; dismissed sets status dismissed', () => {
    const resolve = (outcome: 'upheld' | 'dismissed', compensationCents = 0): DisputeCommand => ({ type: 'Resolve', data: { actor: reviewer, outcome, details: 'Copied', compensationCents, at: RESOLVED_AT } });
    expect(when(underway, resolve('upheld', 500))).toEqual([resolved]);
    expect(given(...underway, resolved)).toMatchObject({ status: 'resolved', round: 1 });
    const [dismissed] = when(underway, resolve('dismissed'));
    expect(given(...underway, dismissed!).status).toBe('dismissed');
  });

  it.each([
    ['a reviewer not assigned', { actor: otherReviewer }, ForbiddenError, DISPUTE_REFUSALS.notAssigned],
    ['a party', { actor: owner }, ForbiddenError, DISPUTE_REFUSALS.notAssigned],
    ['a reviewer who lost the role', { actor: { ...reviewer, roles: ['creator'] } }, ForbiddenError, DISPUTE_REFUSALS.notAssigned],
    ['compensation for a rejected claim', { outcome: 'rejected', compensationCents: 100 }, ValidationError, DISPUTE_REFUSALS.compensationOnlyUpheld],
  ] as const)('refuses a resolution by %s', (_, overrides, kind, message) => {
    const command = { type: 'Resolve', data: { actor: reviewer, outcome: 'upheld', details: 'x', compensationCents: 0, at: RESOLVED_AT, ...overrides } } as DisputeCommand;
    expect(() => when(underway, command)).toThrow(kind);
    expect(() => when(underway, command)).toThrow(message);
  });

  it('records the compensation once per reference, and only after a resolution', () => {
    const reference = compensationReference('d1', 1);
    const pay: DisputeCommand = { type: 'RecordCompensation', data: { decidedCents: 500, paidCents: 300, contractId: 'c1', toUserId: claimant.userId!, reference, note: 'Only 3.00 was pending', at: RESOLVED_AT } };
    const paid = DisputeCompensationPaid.create({ disputeId: 'd1', decidedCents: 500, paidCents: 300, contractId: 'c1', toUserId: claimant.userId!, reference, note: 'Only 3.00 was pending', paidAt: RESOLVED_AT });
    expect(when([...underway, resolved], pay)).toEqual([paid]);
    expect(when([...underway, resolved, paid], pay)).toEqual([]);
    expect(() => when(underway, pay)).toThrow(DISPUTE_REFUSALS.notResolved);
  });

  it('either party appeals once within 7 days: escalated; a second resolution is final at once', () => {
    expect(when([...underway, resolved], { type: 'Appeal', data: { actor: owner, reason: 'Wrong', at: after(4) } })).toEqual([appealed]);
    expect(given(...underway, resolved, appealed).status).toBe('escalated');
    const again = when([...underway, resolved, appealed], { type: 'Resolve', data: { actor: reviewer, outcome: 'settled', details: 'Split', compensationCents: 100, at: after(5) } });
    expect(again[0]).toMatchObject({ data: { appealUntil: after(5) } });
    expect(given(...underway, resolved, appealed, ...again).round).toBe(2);
    expect(when([...underway, resolved, appealed, ...again], { type: 'Close', data: { at: after(5) } })).toEqual([DisputeClosed.create({ disputeId: 'd1', closedAt: after(5) })]);
  });

  it.each([
    ['after the window', [...underway, resolved], owner, after(7, RESOLVED_AT), IllegalStateError, DISPUTE_REFUSALS.appealLate(after(7, RESOLVED_AT))],
    ['a second time', [...underway, resolved, appealed], claimant, after(4), IllegalStateError, DISPUTE_REFUSALS.appealedAlready],
    ['before a resolution', underway, owner, after(2), IllegalStateError, DISPUTE_REFUSALS.notResolved],
    ['by someone not a party', [...underway, resolved], reviewer, after(4), ForbiddenError, DISPUTE_REFUSALS.notAParty],
  ] as const)('refuses an appeal %s', (_, events, actor, at, kind, message) => {
    expect(() => when(events, { type: 'Appeal', data: { actor, reason: 'x', at } })).toThrow(kind);
    expect(() => when(events, { type: 'Appeal', data: { actor, reason: 'x', at } })).toThrow(message);
  });

  it('the appeal window passing closes the case; before it, closing is refused', () => {
    const until = after(7, RESOLVED_AT);
    expect(when([...underway, resolved], { type: 'PassDeadline', data: { kind: 'appeal', at: until } })).toEqual([
      DisputeDeadlinePassed.create({ disputeId: 'd1', kind: 'appeal', dueAt: until, consequence: 'No appeal was made: the resolution is final', passedAt: until }),
      DisputeClosed.create({ disputeId: 'd1', closedAt: until }),
    ]);
    expect(() => when([...underway, resolved], { type: 'Close', data: { at: after(4) } })).toThrow(DISPUTE_REFUSALS.notDue('appeal', until));
    expect(when([...underway, resolved, appealed], { type: 'PassDeadline', data: { kind: 'appeal', at: until } })).toEqual([]);
  });
});

describe('dispute decider: the answer deadline', () => {
  it('a claim unanswered for 30 days is upheld by default for the claimant, with an appeal window', () => {
    const events = when([filed, frozen], { type: 'PassDeadline', data: { kind: 'response', at: after(30) } });
    expect(events).toEqual([
      DisputeDeadlinePassed.create({ disputeId: 'd1', kind: 'response', dueAt: after(30), consequence: 'The owner did not answer in time: the claim is upheld by default', passedAt: after(30) }),
      DisputeResolved.create({
        disputeId: 'd1',
        outcome: 'upheld',
        details: 'The owner did not answer the claim within 30 days; it is upheld by default.',
        compensationCents: 0,
        by: PLATFORM_ACTOR,
        byDefault: true,
        resolvedAt: after(30),
        appealUntil: after(37),
      }),
    ]);
    expect(() => when([filed], { type: 'PassDeadline', data: { kind: 'response', at: after(29) } })).toThrow(IllegalStateError);
    expect(when([filed, answered, toInvestigating], { type: 'PassDeadline', data: { kind: 'response', at: after(30) } })).toEqual([]);
  });
});

describe('dispute decider: deadline reminders', () => {
  type Kind = 'response' | 'evidence' | 'appeal';
  const remind = (kind: Kind, dueAt: string, daysBefore: number, at = new Date(Date.parse(dueAt) - daysBefore * DAY).toISOString()): DisputeCommand => ({
    type: 'RemindDeadline',
    data: { kind, dueAt, daysBefore, at },
  });
  const reminded = (kind: Kind, party: 'claimant' | 'respondent' | 'both' | 'either', dueAt: string, daysBefore: number) =>
    DisputeDeadlineReminded.create({ disputeId: 'd1', kind, party, dueAt, daysBefore, remindedAt: new Date(Date.parse(dueAt) - daysBefore * DAY).toISOString() });
  const request = (from: 'claimant' | 'respondent' | 'both', requestedAt = after(2)) => [
    DisputeEvidenceRequested.create({ disputeId: 'd1', from, note: 'Send the stems', by: p(reviewer), requestedAt, dueAt: after(14, requestedAt) }),
    DisputeStatusChanged.create({ disputeId: 'd1', from: 'investigating', to: 'pending_evidence', by: p(reviewer), reason: 'Send the stems', changedAt: requestedAt }),
  ];
  const evidenceFrom = (by: DisputeActor, party: 'claimant' | 'respondent', evidenceId: string) =>
    DisputeEvidenceAdded.create({ disputeId: 'd1', evidenceId, by: p(by), party, type: 'document', description: 'Stems', file: null, addedAt: after(3) });

  it('reminds the owner of the answer 7 days and 1 day before it, once each; a retry decides nothing', () => {
    const week = reminded('response', 'respondent', after(30), 7);
    expect(when([filed, frozen], remind('response', after(30), 7))).toEqual([week]);
    expect(when([filed, frozen, week], remind('response', after(30), 7))).toEqual([]);
    expect(when([filed, frozen, week], remind('response', after(30), 1))).toEqual([reminded('response', 'respondent', after(30), 1)]);
  });

  it('decides nothing for an answered claim, a decided or closed case, a deadline that is not the case’s, or one already passed', () => {
    expect(when([filed, answered, toInvestigating], remind('response', after(30), 7))).toEqual([]);
    expect(when([...underway, resolved], remind('response', after(30), 1))).toEqual([]);
    expect(when([filed], remind('response', after(31), 7))).toEqual([]);
    expect(when([filed], remind('response', after(30), 1, after(30)))).toEqual([]);
    const closed = DisputeClosed.create({ disputeId: 'd1', closedAt: after(11, RESOLVED_AT) });
    expect(when([...underway, resolved, closed], remind('appeal', after(7, RESOLVED_AT), 1))).toEqual([]);
  });

  it('reminds the parties asked for evidence that have not sent any; a new request is a new deadline', () => {
    const dueAt = after(16);
    expect(when([...underway, ...request('respondent')], remind('evidence', dueAt, 7))).toEqual([reminded('evidence', 'respondent', dueAt, 7)]);
    expect(when([...underway, ...request('both')], remind('evidence', dueAt, 7))).toEqual([reminded('evidence', 'both', dueAt, 7)]);
    expect(when([...underway, ...request('both'), evidenceFrom(claimant, 'claimant', 'e1')], remind('evidence', dueAt, 1))).toEqual([reminded('evidence', 'respondent', dueAt, 1)]);
    expect(when([...underway, ...request('respondent'), evidenceFrom(owner, 'respondent', 'e1')], remind('evidence', dueAt, 1))).toEqual([]);
    // Evidence sent before the request does not answer it.
    expect(when([...underway, evidenceFrom(owner, 'respondent', 'e0'), ...request('respondent')], remind('evidence', dueAt, 1))).toEqual([reminded('evidence', 'respondent', dueAt, 1)]);
    const [again] = request('respondent', after(5));
    expect(when([...underway, ...request('respondent'), again!], remind('evidence', dueAt, 1))).toEqual([]);
    const toReview = DisputeStatusChanged.create({ disputeId: 'd1', from: 'pending_evidence', to: 'under_review', by: p(reviewer), reason: 'Enough', changedAt: after(4) });
    expect(when([...underway, ...request('respondent'), toReview], remind('evidence', dueAt, 1))).toEqual([]);
  });

  it('reminds either party of the appeal window 1 day before it ends, never at its start (7 days) nor after an appeal', () => {
    const until = after(7, RESOLVED_AT);
    expect(when([...underway, resolved], remind('appeal', until, 1))).toEqual([reminded('appeal', 'either', until, 1)]);
    expect(when([...underway, resolved], remind('appeal', until, 7))).toEqual([]);
    expect(when([...underway, resolved, appealed], remind('appeal', until, 1))).toEqual([]);
  });
});

describe('dispute decider: the review of a held track', () => {
  const reviewFiled = DisputeFiled.create({ ...filed.data, kind: 'oracle_review', claimant: { userId: null, name: 'Copyright oracle' }, checkId: 'chk1', answerDueAt: null });
  const reviewAssigned = DisputeAssigned.create({ ...assigned.data });

  it('the assigned reviewer clears or refuses it, final at once; resolve, answer and appeal do not apply', () => {
    const decided = when([reviewFiled, reviewAssigned], { type: 'DecideReview', data: { actor: reviewer, outcome: 'cleared', details: 'Coincidence', at: RESOLVED_AT } });
    expect(decided).toEqual([DisputeResolved.create({ disputeId: 'd1', outcome: 'cleared', details: 'Coincidence', compensationCents: 0, by: p(reviewer), byDefault: false, resolvedAt: RESOLVED_AT, appealUntil: RESOLVED_AT })]);
    expect(when([reviewFiled, reviewAssigned, ...decided], { type: 'Close', data: { at: RESOLVED_AT } })).toHaveLength(1);
    expect(() => when([reviewFiled, reviewAssigned], { type: 'Resolve', data: { actor: reviewer, outcome: 'upheld', details: 'x', compensationCents: 0, at: RESOLVED_AT } })).toThrow(DISPUTE_REFUSALS.notADispute);
    expect(() => when([reviewFiled], { type: 'Respond', data: { actor: owner, message: 'x', at: T1 } })).toThrow(DISPUTE_REFUSALS.notADispute);
    expect(() => when(underway, { type: 'DecideReview', data: { actor: reviewer, outcome: 'cleared', details: 'x', at: RESOLVED_AT } })).toThrow(DISPUTE_REFUSALS.notAReview);
  });
});

describe('allowedActionsOf', () => {
  const v = (a: DisputeActor) => ({ userId: a.userId!, roles: a.roles });
  it('offers each viewer only what the decider would accept', () => {
    expect(allowedActionsOf(given(filed), v(owner), T1)).toEqual(['respond', 'add_evidence', 'message']);
    expect(allowedActionsOf(given(filed), v(owner), after(31))).toEqual(['add_evidence', 'message']);
    expect(allowedActionsOf(given(filed), v(claimant), T1)).toEqual(['add_evidence', 'message']);
    expect(allowedActionsOf(given(filed), v(reviewer), T1)).toEqual(['assign']);
    expect(allowedActionsOf(given(...underway), v(reviewer), T1)).toEqual(['add_evidence', 'message', 'assign', 'change_status', 'request_evidence', 'resolve']);
    expect(allowedActionsOf(given(...underway), v(auditor), T1)).toEqual([]);
    expect(allowedActionsOf(given(...underway, resolved), v(claimant), after(4))).toEqual(['add_evidence', 'message', 'appeal']);
    expect(allowedActionsOf(given(...underway, resolved), v(claimant), after(11))).toEqual(['add_evidence', 'message']);
  });
});
