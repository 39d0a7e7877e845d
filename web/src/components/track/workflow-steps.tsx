// Where a vault item's lifecycle workflow stands: the stage label and every step with its state
// (e.g. Receive ✓ Store ✓ Probe …), named as every track view names them (track-steps.ts), plus why it failed if it did.
import { Message } from 'primereact/message';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { STEP_STATE_ICONS, trackStepDisplay } from './track-steps';

type Step = VaultItem['workflow']['steps'][number];

const STEP_STATUS_TEXT: Record<Step['status'], string> = {
  completed: 'done',
  running: 'running',
  failed: 'failed',
  pending: 'waiting',
};

export function WorkflowSteps({ workflow }: { workflow: VaultItem['workflow'] }) {
  return (
    <div className="workflow inset-box">
      <div className="workflow__stage">
        <span className="muted">Stage</span> <strong>{workflow.stageLabel}</strong>
      </div>
      <ol className="chip-list" aria-label="Workflow steps">
        {workflow.steps.map((step) => {
          const name = trackStepDisplay(step.name).short;
          return (
            <li key={step.name} className={`workflow-step workflow-step--${step.status}`} data-status={step.status} title={`${name}: ${STEP_STATUS_TEXT[step.status]}`}>
              <i className={`pi ${STEP_STATE_ICONS[step.status]}`} aria-hidden="true" />
              <span>{name}</span>
              <span className="visually-hidden"> ({STEP_STATUS_TEXT[step.status]})</span>
            </li>
          );
        })}
      </ol>
      {workflow.failureReason && <Message severity="error" text={workflow.failureReason} className="workflow__failure" />}
    </div>
  );
}
