// The Create tab, the AI music creation studio (spec §2): the form on the left, My Workspace on
// the right (stacked on a narrow screen). Create starts a paid generation on this server's
// composer; the song then shows its progress live in the workspace.
import { useState } from 'react';
import { PanelTitle } from '../../../components/ui/panel-title';
import { useToast } from '../../../components/ui/toast';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { usePricing } from '../../../lib/tokens/api/tokens';
import { priceOf } from '../../../lib/tokens/labels';
import { useVault } from '../../../lib/track/api/get-vault';
import { useGenerateLyrics } from '../api/generate-lyrics';
import { useGenerateSong } from '../api/generate-song';
import { useGeneratedMusic } from '../api/generated-music';
import '../creation.css';
import { reportLyricsFailure, reportSongFailure } from '../generation-errors';
import { INITIAL_FORM, lyricsRequestOf, songRequestOf, type LyricsTake, type StudioForm as Form } from '../studio-form';
import { MyWorkspace } from './my-workspace';
import { StudioForm } from './studio-form';

interface CreationPanelProps {
  /** Opens the mastering studio with the track chosen; without it, the mastering tab opens. */
  onMaster?(trackId: string): void;
}

export function CreationPanel({ onMaster }: CreationPanelProps) {
  const toast = useToast();
  const changeTab = useChangeTab();
  const [form, setForm] = useState<Form>(INITIAL_FORM);
  const [lastLyrics, setLastLyrics] = useState<LyricsTake | null>(null);
  const songs = useGeneratedMusic();
  const vault = useVault({ enabled: true });
  const price = priceOf(usePricing().data, 'ai-music-generation');
  const create = useGenerateSong();
  const lyrics = useGenerateLyrics();
  const generating = create.isPending || lyrics.isPending;

  const writeLyrics = () => {
    const { body, key } = lyricsRequestOf(form, lastLyrics);
    lyrics.mutate(body, {
      onSuccess: (answer) => {
        setLastLyrics({ request: key, seed: answer.seed });
        setForm((current) => ({ ...current, lyrics: answer.lyrics }));
      },
      onError: () => reportLyricsFailure(toast),
    });
  };

  const createSong = () =>
    create.mutate(songRequestOf(form), {
      onSuccess: () => toast.show({ severity: 'info', summary: 'Generation Started', detail: 'Your song is queued; it shows its progress in My Workspace.' }),
      onError: (error) => reportSongFailure(error, toast),
    });

  return (
    <section className="creation-studio" aria-labelledby="creation-title">
      <div className="panel-header">
        <PanelTitle id="creation-title" icon="pi-sparkles">
          AI Music Creation Studio
        </PanelTitle>
        <p className="muted">Describe a song, choose its sound, and get a mix, stems, MIDI and timed lyrics you can master, check and register.</p>
      </div>
      <div className="creation-studio__grid">
        <StudioForm
          form={form}
          onChange={setForm}
          generating={generating}
          lyricsPending={lyrics.isPending}
          price={price}
          onCreate={createSong}
          onAutoLyrics={writeLyrics}
        />
        <MyWorkspace
          songs={songs.data}
          loading={songs.isPending}
          error={songs.error}
          tracks={vault.data ?? []}
          price={price}
          onMaster={onMaster ?? (() => changeTab('mastering'))}
        />
      </div>
    </section>
  );
}
