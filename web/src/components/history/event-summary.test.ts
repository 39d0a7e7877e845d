// The history views' readable lines: type in words, actors by name, a short summary of the facts.
import { describe, expect, it } from 'vitest';
import { actorName, eventSummary, eventTitle, namesOf } from './event-summary';

const events = [
  { type: 'DisputeFiled', actor: 'user:7f1c0000-0000-4000-8000-000000000001', data: { claimant: { userId: '7f1c0000-0000-4000-8000-000000000001', name: 'bob' }, ownerId: 'a11ce000-0000-4000-8000-000000000002', ownerName: 'alice', subject: 'My melody' } },
  { type: 'DisputeAnswered', actor: 'user:a11ce000-0000-4000-8000-000000000002', data: { by: { userId: 'a11ce000-0000-4000-8000-000000000002', name: 'alice' }, message: 'It is mine' } },
];

describe('event summaries', () => {
  it('says the type in words', () => {
    expect(eventTitle('DisputeAnswered')).toBe('Dispute answered');
    expect(eventTitle('TrackXRPLRegistrationSubmitted')).toBe('Track XRPL registration submitted');
  });

  it('names users from the names the events carry, and the platform for system actors', () => {
    const names = namesOf(events);
    expect(actorName(events[0]!.actor, names)).toBe('bob');
    expect(actorName(events[1]!.actor, names)).toBe('alice');
    expect(actorName('user:0badc0de-0000-4000-8000-000000000003', names)).toBe('user 0badc0de');
    expect(actorName('system:dispute-deadline', names)).toBe('GOOSE (dispute deadline)');
  });

  it('summarises the facts in one line', () => {
    expect(eventSummary(events[1]!.data)).toBe('message: It is mine');
    expect(eventSummary({ from: 'open', to: 'investigating', reason: 'The owner answered the claim' })).toBe('open → investigating · reason: The owner answered the claim');
    expect(eventSummary({ amountCents: 1234, payoutsFrozen: true })).toBe('$12.34 · payoutsFrozen: yes');
    expect(eventSummary({ message: 'x'.repeat(300) })).toHaveLength(200);
  });
});
