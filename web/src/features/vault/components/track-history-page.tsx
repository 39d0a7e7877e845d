// Time travel through a track: /tracks/:id/history, for its owner and auditors (the
// server decides; anyone else is told it is not found). Every lifecycle event and the track as it
// stood after any of them.
import { Message } from 'primereact/message';
import { EventHistory } from '../../../components/history/event-history';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { useTrackHistory } from '../api/get-track-history';

export function TrackHistoryPage({ trackId, upTo, onStep }: { trackId: string; upTo: number | null; onStep(upTo: number): void }) {
  const history = useTrackHistory(trackId, upTo);
  return (
    <section className="track-history" aria-labelledby="track-history-title">
      <div className="panel-header">
        <PanelTitle id="track-history-title" icon="pi-history">
          {`Track ${trackId} · history`}
        </PanelTitle>
        <p className="muted">Every event recorded in the track's lifecycle, and the track as it stood after any of them.</p>
      </div>
      {history.status === 'pending' && <p className="muted">Loading the history...</p>}
      {history.status === 'error' && <Message severity="error" text={`The history could not be loaded: ${errorMessage(history.error, 'Unknown error')}`} />}
      {history.data && <EventHistory events={history.data.events} foldedThrough={history.data.foldedThrough} state={history.data.state} subject="The track" onStep={onStep} />}
    </section>
  );
}
