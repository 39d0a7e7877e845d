// The studio's mastering controls: style, loudness target and format, then
// Create Preview or Master Track. Both calls answer once the file is made; until then the vault
// item's real mastering steps (the workflow's progress, pushed over the websocket) show how far the
// engine is: the studio's one progress display. A master costs tokens (a preview is free): the
// price shows by the button, and a 402 opens the plans.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { SelectButton } from 'primereact/selectbutton';
import type { Ref } from 'react';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { MasterStatusBadge } from '../../../components/track/master-status-badge';
import { TokenCostNote } from '../../../components/tokens/token-cost-note';
import { reportInsufficientTokens } from '../../../lib/tokens/insufficient-tokens';
import { MasteringStepList } from '../../../components/track/mastering-step-list';
import { COMPLETE_STEP, foldMasteringSteps } from '../../../lib/track/mastering-steps';
import { useCreateMaster, type MasterKind, type MasterSettings } from '../api/create-master';
import { LOUDNESS_CHOICES, MASTER_SETTING_FIELDS } from '../master-options';

const KIND_TEXT: Record<MasterKind, { started: string; ready: string; failed: string; fallback: string }> = {
  preview: { started: 'Preview started', ready: 'Preview ready', failed: 'Preview failed', fallback: 'Failed to create preview' },
  master: { started: 'Mastering started', ready: 'Master ready', failed: 'Mastering failed', fallback: 'Failed to start mastering' },
};

interface MasteringControlsProps {
  item: VaultItem;
  settings: MasterSettings;
  onChange: (settings: MasterSettings) => void;
  /** The heading, focused when another card asks to go to the controls. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function MasteringControls({ item, settings, onChange, headingRef }: MasteringControlsProps) {
  const toast = useToast();
  const preview = useCreateMaster('preview');
  const master = useCreateMaster('master');
  const serverRunning = item.mastering?.running === true;
  // A run of another track does not hold this one up.
  const previewing = preview.isPending && preview.variables?.contentId === item.id;
  const mastering = master.isPending && master.variables?.contentId === item.id;
  const busy = previewing || mastering || serverRunning;
  // The run started here that has just finished (its answer names it): its steps stay on show, complete.
  const finished = previewing || mastering ? null : [preview, master].find((run) => run.isSuccess && run.data.contentId === item.id && run.data.masterId === item.mastering?.masterId)?.data ?? null;
  const progress = serverRunning && item.mastering ? item.mastering.steps : finished && item.mastering ? [...item.mastering.steps, { step: COMPLETE_STEP, description: 'Mastering complete', progress: 100 }] : [];
  const progressKind = serverRunning ? item.mastering?.kind : (finished?.kind ?? (previewing ? 'preview' : 'master'));
  const loudness = LOUDNESS_CHOICES.find((option) => option.value === settings.loudness)?.label ?? settings.loudness;

  const create = (kind: MasterKind) => {
    const text = KIND_TEXT[kind];
    const mutation = kind === 'preview' ? preview : master;
    toast.show({ severity: 'info', summary: text.started, detail: `"${item.title}": ${settings.style}, ${loudness}, ${settings.format.toUpperCase()}.` });
    mutation.mutate(
      { contentId: item.id, ...settings },
      {
        onSuccess: () =>
          toast.show({
            severity: 'success',
            summary: text.ready,
            detail: kind === 'preview' ? `Listen to the preview of "${item.title}" below.` : `"${item.title}" is mastered. Its master is below.`,
          }),
        onError: (error) => {
          if (reportInsufficientTokens(error, text.failed, toast)) return;
          const reason = errorMessage(error, '');
          toast.show({ severity: 'error', summary: text.failed, detail: reason && reason !== text.fallback ? `${text.fallback}: ${reason}` : text.fallback });
        },
      },
    );
  };

  return (
    <section aria-label="Mastering controls">
      <Card className="mastering-controls stack-card">
        <div className="header-row mastering-controls__header">
          <div>
            <h3 ref={headingRef} tabIndex={-1} className="card-title mastering-controls__title">
              <i className="pi pi-sliders-h" aria-hidden="true" /> Mastering Controls
            </h3>
            <p className="muted small">{item.title}</p>
          </div>
          <MasterStatusBadge status={item.landrMasterStatus} />
        </div>

        {MASTER_SETTING_FIELDS.map((field) => {
          const hint = field.options.find((option) => option.value === settings[field.key])?.hint;
          return (
            <div key={field.key} className="field">
              <span id={`master-${field.key}-label`} className="field__label">
                {field.label}
              </span>
              <SelectButton
                aria-labelledby={`master-${field.key}-label`}
                value={settings[field.key]}
                options={field.options}
                optionLabel="label"
                optionValue="value"
                allowEmpty={false}
                disabled={busy}
                onChange={(event) => event.value && onChange({ ...settings, [field.key]: event.value })}
              />
              {hint && <span className="muted small">{hint}</span>}
            </div>
          );
        })}

        <div className="button-row">
          <Button label="Create Preview" icon="pi pi-eye" outlined loading={previewing} disabled={busy} onClick={() => create('preview')} />
          <Button label="Master Track" icon="pi pi-sliders-h" loading={mastering} disabled={busy} onClick={() => create('master')} />
        </div>
        <TokenCostNote service="professional-mastering" />

        {(busy || finished) && (
          <div className="inset-box mastering-controls__progress">
            {/* Until the workflow reports the run (its first step), the list reads "Starting…". */}
            <MasteringStepList run={foldMasteringSteps(progress)} label={progressKind === 'preview' ? 'Preview progress' : 'Master progress'} />
          </div>
        )}
        {!serverRunning && item.mastering?.error && <p className="mastering-controls__error small">Last run failed: {item.mastering.error}</p>}
      </Card>
    </section>
  );
}
