// The copyright oracle's eight stages as the server reports them: pending, running, completed, failed.
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';
import { STEP_STATE_ICONS } from './track-steps';
import './track-workflow.css';

type Stage = CopyrightCheck['stages'][number];

const STAGE_STATUS_TEXT: Record<Stage['status'], string> = {
  completed: 'done',
  running: 'running',
  failed: 'failed',
  pending: 'waiting',
};

export function OracleStageList({ stages }: { stages: readonly Stage[] }) {
  const done = stages.filter((stage) => stage.status === 'completed').length;
  return (
    <div className="oracle-stages">
      <div className="oracle-stages__summary muted small">
        {done} of {stages.length} stages done
      </div>
      <ol className="oracle-stages__list" aria-label="Copyright check stages">
        {stages.map((stage) => (
          <li key={stage.name} className={`oracle-stage oracle-stage--${stage.status}`} data-status={stage.status}>
            <i className={`pi ${STEP_STATE_ICONS[stage.status]}`} aria-hidden="true" />
            <span>{stage.name}</span>
            <span className="visually-hidden"> ({STAGE_STATUS_TEXT[stage.status]})</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
