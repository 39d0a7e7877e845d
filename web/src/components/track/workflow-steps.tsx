// Where a vault item's lifecycle workflow stands: the stage label and every step with its state
// (e.g. receive ✓ store ✓ probe …), plus why it failed if it did.
import { Message } from 'primereact/message';
import type { VaultItem } from '../../../../domain/contracts/vault';

type Step = VaultItem['workflow']['steps'][number];

const STEP_ICONS: Record<Step['status'], string> = {
  completed: 'pi-check-circle',
  running: 'pi-spin pi-spinner',
  failed: 'pi-times-circle',
  pending: 'pi-circle',
};

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
        {workflow.steps.map((step) => (
          <li key={step.name} className={`workflow-step workflow-step--${step.status}`} data-status={step.status} title={`${step.name}: ${STEP_STATUS_TEXT[step.status]}`}>
            <i className={`pi ${STEP_ICONS[step.status]}`} aria-hidden="true" />
            <span>{step.name}</span>
            <span className="visually-hidden"> ({STEP_STATUS_TEXT[step.status]})</span>
          </li>
        ))}
      </ol>
      {workflow.failureReason && <Message severity="error" text={workflow.failureReason} className="workflow__failure" />}
    </div>
  );
}
