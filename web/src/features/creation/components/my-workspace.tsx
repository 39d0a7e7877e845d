// The studio's right column, My Workspace: search by title or prompt, Filters (genre, mood,
// status; the button counts those in use), Liked (only liked songs), and the songs, newest first,
// kept live by the websocket.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useId, useState } from 'react';
import { GENERATION_STATUSES, type GeneratedSong } from '../../../../../domain/contracts/creation';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { GENRES, MOODS } from '../../../../../domain/creation/options';
import { errorMessage } from '../../../lib/api-client';
import { STATUS_DISPLAY } from '../song-labels';
import { activeFilterCount, filterSongs, NO_FILTERS, type WorkspaceFilters } from '../workspace-filters';
import { SongCard } from './song-card';

interface MyWorkspaceProps {
  songs: GeneratedSong[] | undefined;
  loading: boolean;
  error: unknown;
  tracks: readonly VaultItem[];
  price: number | null;
  onMaster(trackId: string): void;
  /** Opens with the filters shown and these set (tests). */
  initialFilters?: WorkspaceFilters;
  initiallyFiltering?: boolean;
}

const options = (values: readonly string[], label: (value: string) => string = (value) => value) => values.map((value) => ({ label: label(value), value }));

export function MyWorkspace({ songs, loading, error, tracks, price, onMaster, initialFilters = NO_FILTERS, initiallyFiltering = false }: MyWorkspaceProps) {
  const ids = useId();
  const [filters, setFilters] = useState<WorkspaceFilters>(initialFilters);
  const [filtering, setFiltering] = useState(initiallyFiltering);
  const set = <K extends keyof WorkspaceFilters>(key: K, value: WorkspaceFilters[K]) => setFilters((current) => ({ ...current, [key]: value }));
  const shown = filterSongs(songs ?? [], filters);
  const count = activeFilterCount(filters);
  const trackOf = (song: GeneratedSong) => tracks.find((track) => track.id === song.trackId);

  return (
    <section className="my-workspace" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>My Workspace</h2>
      <div className="my-workspace__bar">
        <IconField iconPosition="left" className="my-workspace__search">
          <InputIcon className="pi pi-search" />
          <InputText type="search" value={filters.search} placeholder="Search by title or description" aria-label="Search your songs" onChange={(event) => set('search', event.target.value)} />
        </IconField>
        <Button
          type="button"
          label={`Filters (${count})`}
          icon="pi pi-filter"
          outlined={count === 0}
          aria-expanded={filtering}
          aria-controls={`${ids}-filters`}
          onClick={() => setFiltering((open) => !open)}
        />
        <Button
          type="button"
          label="Liked"
          icon={filters.likedOnly ? 'pi pi-heart-fill' : 'pi pi-heart'}
          outlined={!filters.likedOnly}
          aria-pressed={filters.likedOnly}
          onClick={() => set('likedOnly', !filters.likedOnly)}
        />
      </div>

      {filtering && (
        <div className="my-workspace__filters" id={`${ids}-filters`} role="group" aria-label="Filters">
          <div className="field">
            <label htmlFor={`${ids}-genre`}>Genre</label>
            <Dropdown inputId={`${ids}-genre`} value={filters.genre} options={options(GENRES)} placeholder="Any genre" showClear onChange={(event) => set('genre', (event.value as string | undefined) ?? null)} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-mood`}>Mood</label>
            <Dropdown inputId={`${ids}-mood`} value={filters.mood} options={options(MOODS)} placeholder="Any mood" showClear onChange={(event) => set('mood', (event.value as string | undefined) ?? null)} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-status`}>Status</label>
            <Dropdown
              inputId={`${ids}-status`}
              value={filters.status}
              options={GENERATION_STATUSES.map((status) => ({ label: STATUS_DISPLAY[status].label, value: status }))}
              placeholder="Any status"
              showClear
              onChange={(event) => set('status', (event.value as WorkspaceFilters['status'] | undefined) ?? null)}
            />
          </div>
          <Button type="button" label="Clear filters" text size="small" disabled={count === 0} onClick={() => setFilters((current) => ({ ...current, genre: null, mood: null, status: null }))} />
        </div>
      )}

      {loading && (
        <div aria-busy="true" aria-label="Loading your songs">
          <Skeleton height="6rem" className="my-workspace__skeleton" />
          <Skeleton height="6rem" />
        </div>
      )}
      {error !== null && error !== undefined && <Message severity="error" text={`Your songs could not be loaded: ${errorMessage(error, 'unknown error')}`} />}

      {songs && songs.length === 0 && (
        <Card className="empty-state">
          <i className="pi pi-sparkles empty-state__icon" aria-hidden="true" />
          <h3>No songs yet</h3>
          <p className="muted">Describe a song on the left and press Create; it appears here and plays when it is rendered.</p>
        </Card>
      )}
      {songs && songs.length > 0 && shown.length === 0 && <p className="muted">No song matches the search{count > 0 || filters.likedOnly ? ' and filters' : ''}.</p>}

      <div className="my-workspace__list">
        {shown.map((song) => (
          <SongCard key={song.id} song={song} track={trackOf(song)} price={price} onMaster={onMaster} />
        ))}
      </div>
    </section>
  );
}
