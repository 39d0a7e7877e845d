// Time travel through a case: /dispute-management/:id/history, for auditors, reviewers
// and the parties (the server decides). The recorded events, a stepper "After event N of M", the case
// as the decider folds it after those N events (GET /api/disputes/:id/history?upTo=N) and the raw
// event at N. Read-only: nothing here changes the case.
import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import { EventHistory } from '../../../components/history/event-history';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { useDisputeHistory } from '../api/disputes';
import '../dispute-management.css';

/** `upTo` null means the whole history (the server folds every event). */
export function DisputeHistoryPage({ disputeId, upTo, onStep }: { disputeId: string; upTo: number | null; onStep(upTo: number): void }) {
  const history = useDisputeHistory(disputeId, upTo);
  const workId = history.data?.dispute.workId;
  return (
    <section className="dispute-history" aria-labelledby="dispute-history-title">
      <div className="panel-header">
        <PanelTitle id="dispute-history-title" icon="pi-history">
          {`Dispute #${disputeId} · history`}
        </PanelTitle>
        <p className="muted">
          Every event recorded for this case, and the case as it stood after any of them. <Link to={`/dispute-management?dispute=${encodeURIComponent(disputeId)}`}>Back to the case</Link>
          {workId && (
            <>
              {' · '}
              <Link to={`/tracks/${encodeURIComponent(workId)}/history`}>The work's own history</Link>
            </>
          )}
        </p>
      </div>
      {history.status === 'pending' && <p className="muted">Loading the history...</p>}
      {history.status === 'error' && <Message severity="error" text={`The history could not be loaded: ${errorMessage(history.error, 'Unknown error')}`} />}
      {history.data && <EventHistory events={history.data.events} foldedThrough={history.data.foldedThrough} state={history.data.state} subject="The case" onStep={onStep} />}
    </section>
  );
}
