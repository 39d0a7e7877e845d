// The real-time mastering card: style and loudness,
// a start button, then the audio engine's progress as the server streams it: overall progress
// and the eight steps. The output format is fixed at WAV. It is a paid master: a 402 opens the plans.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useState } from 'react';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { TokenCostNote } from '../../../components/tokens/token-cost-note';
import { reportInsufficientTokens } from '../../../lib/tokens/insufficient-tokens';
import { MasteringStepList } from '../../../components/track/mastering-step-list';
import { foldMasteringSteps } from '../../../lib/track/mastering-steps';
import { useRealtimeMastering } from '../api/master-with-progress';
import type { MasterSettings } from '../api/create-master';
import { DEFAULT_MASTER_SETTINGS, MASTER_SETTING_FIELDS, type MasterSettingField } from '../master-options';

const FAILURE_TEXT = 'There was an error during the mastering process. Please try again.';

type RealtimeSettings = Pick<MasterSettings, 'style' | 'loudness'>;

const REALTIME_FIELDS = MASTER_SETTING_FIELDS.filter((field): field is MasterSettingField<keyof RealtimeSettings> => field.key !== 'format');

export function RealtimeMasteringCard({ item }: { item: VaultItem }) {
  const toast = useToast();
  const { state, start } = useRealtimeMastering();
  const [settings, setSettings] = useState<RealtimeSettings>({ style: DEFAULT_MASTER_SETTINGS.style, loudness: DEFAULT_MASTER_SETTINGS.loudness });
  const { style, loudness } = settings;
  const running = state.phase === 'running';
  const mine = state.contentId === item.id;
  const run = foldMasteringSteps(mine ? state.events : []);
  const serverRunning = item.mastering?.running === true;

  const begin = async () => {
    toast.show({ severity: 'info', summary: 'Mastering Started', detail: `Mastering "${item.title}" in real time (${style}, ${loudness}, WAV).` });
    const outcome = await start({ contentId: item.id, style, loudness });
    if (outcome.ok) {
      toast.show({ severity: 'success', summary: 'Mastering Complete', detail: `"${item.title}" is mastered. Its master is ready to play below.` });
    } else if (!outcome.aborted && !reportInsufficientTokens(outcome.error, 'Mastering Failed', toast)) {
      const reason = errorMessage(outcome.error, '');
      toast.show({ severity: 'error', summary: 'Mastering Failed', detail: reason ? `${FAILURE_TEXT} ${reason}` : FAILURE_TEXT });
    }
  };

  return (
    <section aria-label="Real-time mastering">
      <Card className="realtime-mastering stack-card">
        <h3 className="card-title">
          <i className="pi pi-bolt" aria-hidden="true" /> Real-time Mastering
        </h3>
        <p className="muted small">Master to WAV and watch each step of the audio engine as it happens.</p>
        <div className="realtime-mastering__options">
          {REALTIME_FIELDS.map((field) => (
            <div key={field.key} className="field">
              <label htmlFor={`realtime-${field.key}`}>{field.label}</label>
              <Dropdown
                inputId={`realtime-${field.key}`}
                value={settings[field.key]}
                options={field.options}
                optionLabel="label"
                optionValue="value"
                disabled={running}
                onChange={(event) => setSettings({ ...settings, [field.key]: event.value })}
              />
            </div>
          ))}
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
        <TokenCostNote service="professional-mastering" />
        {running && !mine && <p className="muted small">A real-time run is going for another track; it finishes first.</p>}
        {mine && state.phase !== 'idle' && <MasteringStepList run={run} label="Real-time mastering steps" />}
        {mine && state.phase === 'failed' && <Message severity="error" text={`Mastering failed: ${errorMessage(state.error, 'the run did not finish')}`} />}
      </Card>
    </section>
  );
}
