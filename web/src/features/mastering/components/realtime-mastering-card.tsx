// The real-time mastering card (spec 2 §2, §4 "Mastering progress stream"): style and loudness,
// a start button, then the audio engine's progress as the server streams it: overall progress
// and the eight steps. The output format is fixed at WAV.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useState } from 'react';
import type { MasterLoudnessOption, MasterStyleOption } from '../../../../../domain/constants';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { MasteringStepList } from '../../track-workflow/components/mastering-step-list';
import { foldMasteringSteps } from '../../track-workflow/mastering-steps';
import { useRealtimeMastering } from '../api/master-with-progress';
import { DEFAULT_MASTER_SETTINGS, LOUDNESS_OPTIONS, loudnessLabel, STYLE_OPTIONS } from '../master-options';

const FAILURE_TEXT = 'There was an error during the mastering process. Please try again.';

export function RealtimeMasteringCard({ item }: { item: VaultItem }) {
  const toast = useToast();
  const { state, start } = useRealtimeMastering();
  const [style, setStyle] = useState<MasterStyleOption>(DEFAULT_MASTER_SETTINGS.style);
  const [loudness, setLoudness] = useState<MasterLoudnessOption>(DEFAULT_MASTER_SETTINGS.loudness);
  const running = state.phase === 'running';
  const mine = state.contentId === item.id;
  const run = foldMasteringSteps(mine ? state.events : []);
  const serverRunning = item.mastering?.running === true;

  const begin = async () => {
    toast.show({ severity: 'info', summary: 'Mastering Started', detail: `Mastering "${item.title}" in real time (${style}, ${loudness}, WAV).` });
    const outcome = await start({ contentId: item.id, style, loudness });
    if (outcome.ok) {
      toast.show({ severity: 'success', summary: 'Mastering Complete', detail: `"${item.title}" is mastered. Its master is ready to play below.` });
    } else if (!outcome.aborted) {
      const reason = errorMessage(outcome.error, '');
      toast.show({ severity: 'error', summary: 'Mastering Failed', detail: reason ? `${FAILURE_TEXT} ${reason}` : FAILURE_TEXT });
    }
  };

  return (
    <section aria-label="Real-time mastering">
      <Card className="realtime-mastering">
        <h3 className="realtime-mastering__title">
          <i className="pi pi-bolt" aria-hidden="true" /> Real-time Mastering
        </h3>
        <p className="muted small">Master to WAV and watch each step of the audio engine as it happens.</p>
        <div className="realtime-mastering__options">
          <div className="field">
            <label htmlFor="realtime-style">Style</label>
            <Dropdown
              inputId="realtime-style"
              value={style}
              options={STYLE_OPTIONS}
              optionLabel="label"
              optionValue="value"
              disabled={running}
              onChange={(event) => setStyle(event.value as MasterStyleOption)}
            />
          </div>
          <div className="field">
            <label htmlFor="realtime-loudness">Loudness</label>
            <Dropdown
              inputId="realtime-loudness"
              value={loudness}
              options={LOUDNESS_OPTIONS.map((option) => ({ value: option.value, label: loudnessLabel(option) }))}
              optionLabel="label"
              optionValue="value"
              disabled={running}
              onChange={(event) => setLoudness(event.value as MasterLoudnessOption)}
            />
          </div>
        </div>
        <div className="button-row">
          <Button
            label="Start Real-time Mastering"
            icon="pi pi-play"
            loading={running && mine}
            disabled={running || serverRunning}
            tooltip={serverRunning && !running ? 'A mastering run is already going for this track' : undefined}
            tooltipOptions={{ showOnDisabled: true, position: 'top' }}
            onClick={() => void begin()}
          />
        </div>
        {running && !mine && <p className="muted small">A real-time run is going for another track; it finishes first.</p>}
        {mine && state.phase !== 'idle' && <MasteringStepList run={run} label="Real-time mastering steps" />}
        {mine && state.phase === 'failed' && <Message severity="error" text={`Mastering failed: ${errorMessage(state.error, 'the run did not finish')}`} />}
      </Card>
    </section>
  );
}
