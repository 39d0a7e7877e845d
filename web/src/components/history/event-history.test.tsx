// The time-travel view, read from its rendered HTML: "After event N of M", every event
// with the one at N marked, the state the server folded, the raw JSON of the event at N, and the
// stepper's ends.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EventHistory } from './event-history';

const noop = () => undefined;
const events = [
  { type: 'DisputeFiled', recordedAt: '2026-11-26T08:00:00.000Z', actor: 'user:bob', data: { disputeId: 'dsp-1' } },
  { type: 'DisputeAssetsFrozen', recordedAt: '2026-11-26T08:00:01.000Z', actor: 'workflow', data: { payoutsFrozen: true } },
  { type: 'DisputeAnswered', recordedAt: '2026-11-27T08:00:00.000Z', actor: 'user:alice', data: { message: 'Mine' } },
];

describe('event history', () => {
  it('shows After event N of M, every event, the folded state and the raw event at N', () => {
    const html = renderToStaticMarkup(<EventHistory events={events} foldedThrough={2} state={{ status: 'open', ownerNotified: false }} subject="The case" onStep={noop} />);
    expect(html).toContain('After event 2 of 3');
    expect(html).toContain('Dispute answered');
    expect(html).toContain('The case after event 2');
    expect(html).toContain('Status: open');
    expect(html).toMatch(/<dt>ownerNotified<\/dt><dd><code>false<\/code>/);
    expect(html).toContain('Event 2: Dispute assets frozen');
    expect(html).toContain('By GOOSE (workflow)');
    expect(html).toContain('Raw event (DisputeAssetsFrozen, JSON)');
    expect(html).toContain('&quot;payoutsFrozen&quot;: true');
    expect(html).toMatch(/aria-current="step"[^>]*>.*Dispute assets frozen/);
    expect(html).not.toMatch(/aria-current="step"[^>]*>.*Dispute filed/);
  });

  it('before the first event has nothing folded, no event to show and no way back', () => {
    const html = renderToStaticMarkup(<EventHistory events={events} foldedThrough={0} state={{ status: 'none' }} subject="The track" onStep={noop} />);
    expect(html).toContain('After event 0 of 3');
    expect(html).toContain('Before the first event');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Previous event"|<button[^>]*aria-label="Previous event"[^>]*disabled=""/);
  });

  it('at the last event has no way forward, and caps a count past the end', () => {
    const html = renderToStaticMarkup(<EventHistory events={events} foldedThrough={7} state={{ status: 'answered' }} subject="The case" onStep={noop} />);
    expect(html).toContain('After event 3 of 3');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Next event"|<button[^>]*aria-label="Next event"[^>]*disabled=""/);
  });
});
