// Time travel through a case (issue 16 §4): /dispute-management/:id/history, for auditors, reviewers
// and the parties (the server decides). The recorded events in order, a slider and stepper "After
// event N of M", the case as the decider folds it after those N events (GET /api/disputes/:id/history
// ?upTo=N), and the raw JSON of the event at N. Read-only: nothing here changes the case.
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Slider } from 'primereact/slider';
import { Tag } from 'primereact/tag';
import { Link } from 'react-router-dom';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDisputeHistory, type DisputeHistory } from '../api/disputes';
import '../dispute-management.css';

/** `upTo` null means the whole history (the server folds every event). */
export function DisputeHistoryPage({ disputeId, upTo, onStep }: { disputeId: string; upTo: number | null; onStep(upTo: number): void }) {
  const history = useDisputeHistory(disputeId, upTo);
  return (
    <section className="dispute-history" aria-labelledby="dispute-history-title">
      <div className="panel-header">
        <PanelTitle id="dispute-history-title" icon="pi-history">
          {`Dispute #${disputeId} · history`}
        </PanelTitle>
        <p className="muted">
          Every event recorded for this case, and the case as it stood after any of them. <Link to={`/dispute-management?dispute=${encodeURIComponent(disputeId)}`}>Back to the case</Link>
        </p>
      </div>
      {history.status === 'pending' && <p className="muted">Loading the history...</p>}
      {history.status === 'error' && <Message severity="error" text={`The history could not be loaded: ${errorMessage(history.error, 'Unknown error')}`} />}
      {history.data && <HistoryView history={history.data} onStep={onStep} />}
    </section>
  );
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function HistoryView({ history, onStep }: { history: DisputeHistory; onStep(upTo: number): void }) {
  const total = history.events.length;
  const at = Math.min(history.foldedThrough, total);
  const current = at > 0 ? history.events[at - 1] : undefined;
  return (
    <div className="dispute-history__body">
      <div className="dispute-history__stepper">
        <Button icon="pi pi-angle-left" aria-label="Previous event" outlined disabled={at <= 0} onClick={() => onStep(at - 1)} />
        <div className="dispute-history__slider">
          <strong>
            After event {at} of {total}
          </strong>
          <Slider value={at} min={0} max={total} step={1} aria-label="After event" onChange={(event) => onStep(Array.isArray(event.value) ? (event.value[0] ?? 0) : event.value)} />
        </div>
        <Button icon="pi pi-angle-right" aria-label="Next event" outlined disabled={at >= total} onClick={() => onStep(at + 1)} />
      </div>
      <div className="dispute-history__columns">
        <ol className="dispute-history__events" aria-label="Events">
          {history.events.map((event, index) => (
            <li key={event.position} className={index < at ? 'is-folded' : undefined}>
              <button type="button" className="dispute-history__event" aria-current={index + 1 === at ? 'step' : undefined} onClick={() => onStep(index + 1)}>
                <span className="dispute-history__position">{index + 1}</span>
                <span>
                  <strong>{event.type}</strong>
                  <span className="muted">
                    {' '}
                    {formatDateTime(event.recordedAt)} · {event.actor}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ol>
        <div>
          <h3>The case after event {at}</h3>
          {'status' in history.state && <Tag value={`Status: ${valueText(history.state.status)}`} />}
          <dl className="facts dispute-history__state">
            {Object.entries(history.state).map(([key, value]) => (
              <div key={key} className="fact">
                <dt>{key}</dt>
                <dd>
                  <code>{valueText(value)}</code>
                </dd>
              </div>
            ))}
          </dl>
          <h3>{current ? `Event ${at}: ${current.type}` : 'Before the first event'}</h3>
          {current && <pre className="dispute-history__json">{JSON.stringify(current, null, 2)}</pre>}
        </div>
      </div>
    </div>
  );
}
