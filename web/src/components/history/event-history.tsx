// Time travel through a stream's recorded events, shared by a dispute's and a track's
// history: the events in order (in words, by name, with a summary of each), a slider and stepper
// "After event N of M", the state the server folded through those N events, and the event at N
// summarised with its raw JSON one click away. Read-only; the page owns N (its address).
import { Button } from 'primereact/button';
import { Slider } from 'primereact/slider';
import { Tag } from 'primereact/tag';
import { formatDateTime } from '../../lib/format';
import { useMemo } from 'react';
import { actorName, eventSummary, eventTitle, namesOf } from './event-summary';
import './event-history.css';

export interface HistoryEvent {
  type: string;
  recordedAt: string;
  actor: string;
  data: unknown;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** `state` is what the server folded through `foldedThrough` events; `subject` names it ("the case", "the track"). */
export function EventHistory({ events, foldedThrough, state, subject, onStep }: { events: readonly HistoryEvent[]; foldedThrough: number; state: unknown; subject: string; onStep(upTo: number): void }) {
  const total = events.length;
  const at = Math.max(0, Math.min(foldedThrough, total));
  const current = at > 0 ? events[at - 1] : undefined;
  const fields = state !== null && typeof state === 'object' ? Object.entries(state) : [];
  const status = fields.find(([key]) => key === 'status')?.[1];
  const names = useMemo(() => namesOf(events), [events]);
  const currentSummary = current ? eventSummary(current.data) : '';
  return (
    <div className="event-history">
      <div className="event-history__stepper">
        <Button icon="pi pi-angle-left" aria-label="Previous event" outlined disabled={at <= 0} onClick={() => onStep(at - 1)} />
        <div className="event-history__slider">
          <strong>
            After event {at} of {total}
          </strong>
          <Slider value={at} min={0} max={total} step={1} aria-label="After event" onChange={(event) => onStep(Array.isArray(event.value) ? (event.value[0] ?? 0) : event.value)} />
        </div>
        <Button icon="pi pi-angle-right" aria-label="Next event" outlined disabled={at >= total} onClick={() => onStep(at + 1)} />
      </div>
      <div className="event-history__columns">
        <ol className="event-history__events" aria-label="Events">
          {events.map((event, index) => (
            <li key={index} className={index < at ? 'is-folded' : undefined}>
              <button type="button" className="event-history__event" aria-current={index + 1 === at ? 'step' : undefined} onClick={() => onStep(index + 1)}>
                <span className="event-history__position">{index + 1}</span>
                <span>
                  <strong>{eventTitle(event.type)}</strong>
                  <span className="muted">
                    {' '}
                    {formatDateTime(event.recordedAt)} · {actorName(event.actor, names)}
                  </span>
                  {eventSummary(event.data) && <span className="event-history__summary">{eventSummary(event.data)}</span>}
                </span>
              </button>
            </li>
          ))}
        </ol>
        <div>
          <h3>
            {subject} after event {at}
          </h3>
          {status !== undefined && <Tag value={`Status: ${valueText(status)}`} />}
          <dl className="facts event-history__state">
            {fields.map(([key, value]) => (
              <div key={key} className="fact">
                <dt>{key}</dt>
                <dd>
                  <code>{valueText(value)}</code>
                </dd>
              </div>
            ))}
          </dl>
          <h3>{current ? `Event ${at}: ${eventTitle(current.type)}` : 'Before the first event'}</h3>
          {current && (
            <>
              <p>
                By {actorName(current.actor, names)}, {formatDateTime(current.recordedAt)}
                {currentSummary && `: ${currentSummary}`}
              </p>
              <details className="event-history__raw">
                <summary>Raw event ({current.type}, JSON)</summary>
                {/* Focusable, so a keyboard can scroll a long event sideways and down. */}
                <pre className="event-history__json" tabIndex={0} role="region" aria-label="The event as recorded (JSON)">{JSON.stringify(current, null, 2)}</pre>
              </details>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
