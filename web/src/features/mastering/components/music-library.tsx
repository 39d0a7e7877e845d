// The studio's music library: the creator's music whose intake is done, one of which
// is chosen for mastering. Uploads still being received, stored or probed are counted, not listed.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { ListBox } from 'primereact/listbox';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { formatDuration } from '../../../lib/format';
import { masterStatusBadge } from '../../../lib/track/master-status';

/** Music whose intake has finished: what the audio engine can master. */
export function isReadyForMastering(item: VaultItem): boolean {
  return item.contentType === 'music' && item.workflow.stage !== 'intake' && item.trackStatus !== 'processing';
}

interface MusicLibraryProps {
  tracks: VaultItem[];
  /** Music uploads still in intake. */
  waiting: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
  loading: boolean;
  error: string | null;
}

export function MusicLibrary({ tracks, waiting, selectedId, onSelect, loading, error }: MusicLibraryProps) {
  const changeTab = useChangeTab();
  return (
    <Card className="music-library stack-card">
      <h3 id="music-library-title" className="card-title">
        <i className="pi pi-headphones" aria-hidden="true" /> Music Library
      </h3>
      <p className="muted small">
        {tracks.length} {tracks.length === 1 ? 'track' : 'tracks'} ready
        {waiting > 0 ? ` · ${waiting} still being processed` : ''}
      </p>

      {loading && (
        <div aria-busy="true" aria-label="Loading your music">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="3.25rem" className="music-library__skeleton" />
          ))}
        </div>
      )}

      {error && <Message severity="error" text={`Your music could not be loaded: ${error}`} />}

      {!loading && !error && tracks.length === 0 && (
        <div className="music-library__empty">
          <i className="pi pi-inbox" aria-hidden="true" />
          <p>No music ready for mastering yet.</p>
          <p className="muted small">Upload a track (mp3, wav, flac, m4a, ogg, opus, aiff, or the sound of a video); once its intake finishes it appears here.</p>
          <Button label="Go to Upload" icon="pi pi-cloud-upload" size="small" onClick={() => changeTab('upload')} />
        </div>
      )}

      {tracks.length > 0 && (
        <ListBox
          className="music-library__list"
          value={selectedId}
          options={tracks}
          optionLabel="title"
          optionValue="id"
          dataKey="id"
          aria-labelledby="music-library-title"
          onChange={(event) => {
            // Single selection: a click on the chosen track keeps it chosen.
            if (typeof event.value === 'string') onSelect(event.value);
          }}
          itemTemplate={(track: VaultItem) => (
            <div className="music-library__item">
              <i className="pi pi-music" aria-hidden="true" />
              <div className="music-library__item-text">
                <span className="music-library__item-title">{track.title}</span>
                <span className="muted small">
                  {track.metadata.duration != null ? formatDuration(track.metadata.duration) : '—'}
                  {track.metadata.format ? ` · ${track.metadata.format.toUpperCase()}` : ''}
                  {track.landrMasterStatus ? ` · ${masterStatusBadge(track.landrMasterStatus).label}` : ''}
                </span>
              </div>
            </div>
          )}
        />
      )}
    </Card>
  );
}
