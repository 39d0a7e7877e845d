// A mastering run as it really stands: the overall bar (capped at 100) and the audio engine's
// eight steps, completed, active (with its own percentage) or pending (greyed).
import { ProgressBar } from 'primereact/progressbar';
import type { MasteringRunView, MasteringStepStatus } from '../../lib/track/mastering-steps';
import { STEP_STATE_ICONS } from './track-steps';
import './track-workflow.css';

// The engine calls a running step active; it is drawn as every running track step is.
const STEP_ICONS: Record<MasteringStepStatus, string> = {
  completed: STEP_STATE_ICONS.completed,
  active: STEP_STATE_ICONS.running,
  pending: STEP_STATE_ICONS.pending,
};

const STEP_STATUS_TEXT: Record<MasteringStepStatus, string> = {
  completed: 'done',
  active: 'running',
  pending: 'waiting',
};

export function MasteringStepList({ run, label = 'Mastering steps' }: { run: MasteringRunView; label?: string }) {
  const overall = Math.min(100, run.overall);
  return (
    <div className="mastering-run">
      <div className="mastering-run__overall">
        <span>{run.completed ? 'Mastering complete' : run.error ? 'Mastering stopped' : (run.latest ?? 'Starting…')}</span>
        <strong>{overall}%</strong>
      </div>
      <ProgressBar value={overall} showValue={false} aria-label={`${label}: overall progress`} aria-valuetext={`${overall}%`} className="mastering-run__bar" />
      <ol className="mastering-run__steps" aria-label={label}>
        {run.steps.map((step) => (
          <li key={step.name} className={`mastering-step mastering-step--${step.status}`} data-status={step.status}>
            <i className={`pi ${STEP_ICONS[step.status]}`} aria-hidden="true" />
            <span className="mastering-step__name">{step.name}</span>
            <span className="mastering-step__value">
              {step.status === 'active' ? `${Math.round(step.progress)}%` : <span className="visually-hidden">{STEP_STATUS_TEXT[step.status]}</span>}
              {step.status === 'active' && <span className="visually-hidden"> ({STEP_STATUS_TEXT.active})</span>}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
