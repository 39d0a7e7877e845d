// The mastering tab, the Mastering studio: a hero, the music library on the left and,
// for the chosen track, the controls (with the run's one progress display), the players and (once
// it has a preview or master) its workflow card; a professional-features card closes the screen.
import { Card } from 'primereact/card';
import { useAtom } from 'jotai';
import { useRef, useState } from 'react';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { TrackWorkflowCard } from './track-workflow-card';
import { useVault } from '../../../lib/track/api/get-vault';
import type { MasterSettings } from '../api/create-master';
import { selectedMasteringTrackIdAtom } from '../../../lib/mastering-selection';
import { DEFAULT_MASTER_SETTINGS } from '../master-options';
import '../mastering.css';
import { FeatureList } from './feature-list';
import { MasterFiles } from './master-files';
import { MasteringControls } from './mastering-controls';
import { isReadyForMastering, MusicLibrary } from './music-library';
import { ProfessionalFeaturesCard } from './professional-features-card';

const BLURBS = [
  { icon: 'pi-sparkles', title: 'AI-powered', text: 'The engine analyses each track and sets its EQ, compression, stereo width, harmonics and limiting for it.' },
  { icon: 'pi-star', title: 'Professional quality', text: 'Loudness targets of −14, −9 or −6 LUFS with true-peak limiting, delivered as WAV, CD or MP3.' },
  { icon: 'pi-eye', title: 'Preview first', text: 'Hear a preview with your settings before you commit to the full master.' },
];

export function MasteringPanel() {
  const vault = useVault({ enabled: true });
  const items = vault.data ?? [];
  const tracks = items.filter(isReadyForMastering);
  const waiting = items.filter((item) => item.contentType === 'music' && !isReadyForMastering(item) && item.status !== 'failed').length;
  const [selectedId, setSelectedId] = useAtom(selectedMasteringTrackIdAtom);
  const selected = tracks.find((track) => track.id === selectedId) ?? null;
  const [settings, setSettings] = useState<MasterSettings>(DEFAULT_MASTER_SETTINGS);
  const controlsHeadingRef = useRef<HTMLHeadingElement>(null);

  const goToControls = () => {
    controlsHeadingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    controlsHeadingRef.current?.focus({ preventScroll: true });
  };

  return (
    <section className="mastering-studio" aria-labelledby="mastering-title">
      <div className="hero-banner mastering-hero">
        <PanelTitle id="mastering-title" icon="pi-sliders-h">
          Mastering Studio
        </PanelTitle>
        <p className="muted">Turn a finished mix into a release-ready master, hear it against the original, then take it on to the copyright check.</p>
        <FeatureList points={BLURBS} className="mastering-hero__blurbs" />
      </div>

      <div className="mastering-studio__grid">
        <MusicLibrary
          tracks={tracks}
          waiting={waiting}
          selectedId={selected?.id ?? null}
          onSelect={setSelectedId}
          loading={vault.isPending}
          error={vault.isError ? errorMessage(vault.error, 'unknown error') : null}
        />

        <div className="mastering-studio__main">
          {selected ? (
            <>
              <MasteringControls item={selected} settings={settings} onChange={setSettings} headingRef={controlsHeadingRef} />
              <MasterFiles item={selected} />
              {(selected.landrMasterId || selected.landrPreviewId) && <TrackWorkflowCard item={selected} onGoToMaster={goToControls} />}
            </>
          ) : (
            <Card className="mastering-studio__placeholder">
              <i className="pi pi-arrow-left" aria-hidden="true" />
              <h3>Choose a track</h3>
              <p className="muted">
                {tracks.length > 0 ? 'Pick a track from your music library to set up its master.' : 'Your mastering controls appear here once you have music in your library.'}
              </p>
            </Card>
          )}
        </div>
      </div>

      <ProfessionalFeaturesCard />
    </section>
  );
}
