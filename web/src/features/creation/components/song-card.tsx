// One song in My Workspace: its title and status, real progress with the stage in words and its
// place in the render queue, the player with its waveform, every file to download, the actions
// that make a new song from it (extend by 30 s, replace a section, a variation), Like, and its
// track's next step (master, check, register) one click away.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import type { GeneratedSong } from '../../../../../domain/contracts/creation';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { AudioPlayer } from '../../../components/media/audio-player';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { downloadFile } from '../../../lib/download-file';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { EXTEND_SECONDS, useSongAction, type SongAction } from '../api/generate-song';
import { useLikeSong } from '../api/like-song';
import { reportSongFailure } from '../generation-errors';
import { extendUnavailable, nextStepOf, queueText, sectionLabel, songDownloads, STATUS_DISPLAY, type SongDownload } from '../song-labels';

interface SongCardProps {
  song: GeneratedSong;
  /** The song's track in the vault, once it is there: its next step comes from it. */
  track: VaultItem | undefined;
  /** The price of a new generation (extend, replace, variation), or null until the price list answers. */
  price: number | null;
  /** Opens the mastering studio with this track chosen. */
  onMaster(trackId: string): void;
}

export function SongCard({ song, track, price, onMaster }: SongCardProps) {
  const ids = useId();
  const toast = useToast();
  const changeTab = useChangeTab();
  const action = useSongAction();
  const like = useLikeSong();
  const [sectionIndex, setSectionIndex] = useState<number | null>(null);
  const status = STATUS_DISPLAY[song.status];
  const completed = song.status === 'completed';
  const waiting = queueText(song);
  const extendBlocked = extendUnavailable(song);
  const next = nextStepOf(track);

  const start = (chosen: SongAction, what: string) =>
    action.mutate(
      { songId: song.id, action: chosen },
      {
        onSuccess: () => toast.show({ severity: 'info', summary: 'Generation Started', detail: `${what} of "${song.title}" is queued as a new song.` }),
        onError: (error) => reportSongFailure(error, toast),
      },
    );

  const download = async (file: SongDownload) => {
    try {
      await downloadFile(file.url, file.fileName);
    } catch (error) {
      toast.show({ severity: 'error', summary: 'Download Error', detail: errorMessage(error, 'Failed to download the file') });
    }
  };

  const toggleLike = () =>
    like.mutate(
      { songId: song.id, liked: !song.liked },
      { onError: (error) => toast.show({ severity: 'error', summary: 'Like Failed', detail: errorMessage(error, 'The song could not be updated') }) },
    );

  return (
    <article className="song-card" aria-label={song.title} data-status={song.status}>
      <Card>
        <header className="song-card__header">
          <div className="song-card__heading">
            <h3>{song.title}</h3>
            <span className="muted small">
              {[song.genre, song.mood, ...song.styles].join(' · ')} · {song.tempo} BPM · {song.key} · {formatDuration(song.durationSeconds)}
            </span>
          </div>
          <Tag value={status.label} severity={status.severity} aria-label={`Status: ${status.label}`} />
          <Button
            icon={song.liked ? 'pi pi-heart-fill' : 'pi pi-heart'}
            rounded
            text
            aria-label={song.liked ? 'Unlike' : 'Like'}
            aria-pressed={song.liked}
            loading={like.isPending}
            onClick={toggleLike}
          />
        </header>

        {!completed && song.status !== 'failed' && (
          <div className="song-card__progress">
            <ProgressBar value={Math.round(song.progress)} aria-label={`Progress of ${song.title}`} />
            <p className="small">
              {song.stage} · {Math.round(song.progress)}%
            </p>
            {waiting && <p className="muted small">{waiting}</p>}
          </div>
        )}

        {song.status === 'failed' && <Message severity="error" text={`Generation Failed: ${song.error ?? 'Failed to generate song'}`} />}

        {completed && (
          <>
            <AudioPlayer
              playerId={`${song.id}:mix`}
              label={`Audio of ${song.title}`}
              title={song.title}
              src={song.downloads.mixMp3}
              knownDuration={song.durationSeconds}
              waveformSrc={song.downloads.mixMp3}
            />
            {song.vocalsNote && <p className="muted small song-card__vocals-note">{song.vocalsNote}</p>}
            {song.provenance && (song.provenance.c2pa || song.provenance.c2paNote) && (
              <p className="muted small song-card__vocals-note">
                {song.provenance.c2pa ? `The WAV and MP3 carry a C2PA manifest saying they were generated. ${song.provenance.c2pa.signedBy}` : song.provenance.c2paNote}
              </p>
            )}

            <div className="song-card__downloads" role="group" aria-label={`Downloads of ${song.title}`}>
              {songDownloads(song).map((file) => (
                <Button key={file.url} icon="pi pi-download" label={file.label} size="small" outlined onClick={() => void download(file)} />
              ))}
            </div>

            <div className="song-card__actions" role="group" aria-label={`New songs from ${song.title}`}>
              <Button
                label={`Extend by ${EXTEND_SECONDS} s`}
                icon="pi pi-forward"
                size="small"
                outlined
                disabled={action.isPending || extendBlocked !== null}
                tooltip={extendBlocked ?? undefined}
                tooltipOptions={{ showOnDisabled: true, position: 'top' }}
                onClick={() => start({ kind: 'extend', seconds: EXTEND_SECONDS }, 'An extension')}
              />
              <Button label="Variation" icon="pi pi-clone" size="small" outlined disabled={action.isPending} onClick={() => start({ kind: 'variation' }, 'A variation')} />
              {song.sections.length > 0 && (
                <div className="song-card__replace">
                  <label htmlFor={`${ids}-section`} className="visually-hidden">
                    Section to replace
                  </label>
                  <Dropdown
                    inputId={`${ids}-section`}
                    value={sectionIndex}
                    options={song.sections.map((section, index) => ({ label: sectionLabel(section), value: index }))}
                    placeholder="Pick a section"
                    onChange={(event) => setSectionIndex(event.value as number)}
                  />
                  <Button
                    label="Replace section"
                    icon="pi pi-refresh"
                    size="small"
                    outlined
                    disabled={action.isPending || sectionIndex === null}
                    onClick={() => sectionIndex !== null && start({ kind: 'replace-section', index: sectionIndex }, `A new ${song.sections[sectionIndex]?.name ?? 'section'}`)}
                  />
                </div>
              )}
            </div>
            {price !== null && <p className="muted small">Each makes a new song and costs {price} tokens, like any generation.</p>}

            <div className="song-card__next" role="group" aria-label={`Next steps for ${song.title}`}>
              <Button label="Master" icon="pi pi-sliders-h" size="small" outlined={next !== 'master'} onClick={() => onMaster(song.trackId)} />
              <Button label="Check" icon="pi pi-shield" size="small" outlined={next !== 'check'} onClick={() => changeTab('oracle')} />
              <Button label="Register" icon="pi pi-verified" size="small" outlined={next !== 'register'} onClick={() => changeTab('oracle')} />
            </div>
          </>
        )}

        <p className="muted small song-card__date">
          Created {formatDateTime(song.createdAt)}
          {song.completedAt ? ` · finished ${formatDateTime(song.completedAt)}` : ''}
        </p>
      </Card>
    </article>
  );
}
