// The per-track workflow card (spec 2 §2): a five-step strip (Master Track, Copyright Check,
// Secure in Vault, Smart Contract, Distribute) and the panel of the step the track stands at.
// The step comes from the track's status and moves on as the server reports each step done;
// the last two steps are not built yet and say so.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { changeTab } from '../../../lib/app-events';
import { TokenCostNote } from '../../tokens/components/token-cost-note';
import { reportInsufficientTokens } from '../../tokens/insufficient-tokens';
import { useRegisterCopyright } from '../api/register-copyright';
import { useRunCopyrightCheck } from '../api/run-copyright-check';
import { foldMasteringSteps } from '../mastering-steps';
import { checkOutcomeToast, registrationToast } from '../outcome-toasts';
import {
  checkUnavailableReason,
  currentStep,
  failedLifecycleStep,
  isCopyrightCleared,
  isSecuredInVault,
  stepStates,
  TRACK_WORKFLOW_STEPS,
  type TrackWorkflowStepState,
} from '../workflow-steps';
import { CopyrightCheckReport, hasCheckReport } from './copyright-check-report';
import { MasterStatusBadge } from './master-status-badge';
import { MasteringResults, masteringResultsOf } from './mastering-results';
import { MasteringStepList } from './mastering-step-list';
import { OracleStageList } from './oracle-stage-list';
import { RegistrationSummary } from './registration-summary';
import '../track-workflow.css';

const STATE_TEXT: Record<TrackWorkflowStepState, string> = {
  completed: 'done',
  running: 'running',
  failed: 'failed',
  pending: 'to do',
  skipped: 'not needed',
  later: 'later release',
};

const STATE_ICONS: Record<TrackWorkflowStepState, string> = {
  completed: 'pi-check',
  running: 'pi-spin pi-spinner',
  failed: 'pi-times',
  pending: '',
  skipped: 'pi-minus',
  later: 'pi-clock',
};

interface TrackWorkflowCardProps {
  item: VaultItem;
  /** Where "Go to mastering controls" leads; the mastering tab when not given. */
  onGoToMaster?: () => void;
}

export function TrackWorkflowCard({ item, onGoToMaster }: TrackWorkflowCardProps) {
  const states = stepStates(item);
  const current = currentStep(item);
  const currentLabel = TRACK_WORKFLOW_STEPS.find((step) => step.id === current)?.label ?? '';

  return (
    <section className="track-workflow stack-card" aria-label={`Workflow for ${item.title}`}>
      <Card>
        <div className="header-row track-workflow__header">
          <h3 className="card-title">
            <i className="pi pi-sitemap" aria-hidden="true" /> Track Workflow
          </h3>
          <span className="muted small">{item.title}</span>
        </div>
        <ol className="track-workflow__strip" aria-label="Track workflow steps">
          {TRACK_WORKFLOW_STEPS.map((step, index) => {
            const state = states[step.id];
            const isCurrent = step.id === current;
            return (
              <li
                key={step.id}
                className={`inset-box workflow-strip-step workflow-strip-step--${state}${isCurrent ? ' workflow-strip-step--current' : ''}`}
                data-status={state}
                aria-current={isCurrent ? 'step' : undefined}
              >
                <span className="workflow-strip-step__marker" aria-hidden="true">
                  {STATE_ICONS[state] ? <i className={`pi ${STATE_ICONS[state]}`} /> : index + 1}
                </span>
                <span className="workflow-strip-step__label">
                  <i className={`pi ${step.icon}`} aria-hidden="true" /> {step.label}
                </span>
                <span className="workflow-strip-step__state">{STATE_TEXT[state]}</span>
              </li>
            );
          })}
        </ol>

        <section className="track-workflow__panel" aria-label={`${currentLabel} step`}>
          <h4 className="track-workflow__panel-title">{currentLabel}</h4>
          {current === 'master' && <MasterStepPanel item={item} onGoToMaster={onGoToMaster} />}
          {current === 'copyright' && <CopyrightStepPanel item={item} />}
          {current === 'vault' && <VaultStepPanel item={item} />}
          {current === 'contract' && (
            <LaterStepPanel item={item} text="Smart contracts arrive in a later release. Your registered track will be ready for one." />
          )}
          {current === 'distribute' && <LaterStepPanel item={item} text="Distribution to streaming platforms arrives in a later release." />}
        </section>
      </Card>
    </section>
  );
}

function MasterStepPanel({ item, onGoToMaster }: { item: VaultItem; onGoToMaster?: () => void }) {
  const results = masteringResultsOf(item);
  const running = item.mastering?.running === true;
  const settings = [item.landrMasterStyle, item.landrMasterLoudness, item.landrMasterFormat].filter(Boolean).join(' · ');
  return (
    <div className="step-panel">
      <div className="step-panel__row">
        <MasterStatusBadge status={item.landrMasterStatus} />
        {settings && <span className="muted small">Settings: {settings}</span>}
      </div>
      {item.contentType !== 'music' && (
        <p className="muted">Only music is mastered. This item goes straight to the copyright check.</p>
      )}
      {running && item.mastering && (
        <>
          <p className="muted small">Mastering a {item.mastering.kind === 'preview' ? 'preview' : 'full master'}…</p>
          <MasteringStepList run={foldMasteringSteps(item.mastering.steps)} />
        </>
      )}
      {item.mastering?.error && <Message severity="error" text={`Mastering failed: ${item.mastering.error}`} />}
      {!running && results && <MasteringResults results={results} />}
      {item.contentType === 'music' && (
        <div className="button-row">
          <Button
            label="Go to mastering controls"
            icon="pi pi-sliders-h"
            size="small"
            outlined
            onClick={() => (onGoToMaster ? onGoToMaster() : changeTab('mastering'))}
          />
        </div>
      )}
    </div>
  );
}

function CopyrightStepPanel({ item }: { item: VaultItem }) {
  const toast = useToast();
  const check = useRunCopyrightCheck();
  const copyrightCheck = item.copyrightCheck;
  const analyzing = copyrightCheck?.status === 'analyzing';
  const conflict = copyrightCheck?.verdict === 'conflict';
  const cleared = isCopyrightCleared(item);
  const busy = check.isPending || analyzing || item.mastering?.running === true;
  const unavailable = checkUnavailableReason(item);

  const run = () =>
    check.mutate(item.id, {
      onSuccess: (response) => toast.show(checkOutcomeToast(response)),
      onError: (error) => toast.show({ severity: 'error', summary: 'Copyright check failed', detail: errorMessage(error, 'The copyright check could not run') }),
    });

  return (
    <div className="step-panel">
      {item.contentType === 'music' && !item.landrMasteredFilePath && !cleared && (
        <p className="muted small">The check runs on the master when there is one. This track has no master yet, so its upload is checked.</p>
      )}
      {(analyzing || check.isPending) && copyrightCheck && <OracleStageList stages={copyrightCheck.stages} />}
      {!analyzing && hasCheckReport(copyrightCheck) && <CopyrightCheckReport check={copyrightCheck} />}
      {failedLifecycleStep(item) === 'oracle' && item.copyrightResult && (
        <Message
          severity="error"
          text={`Analysis failed: ${item.copyrightResult.reason}${item.copyrightResult.similarity !== null ? ` (similarity ${item.copyrightResult.similarity}%)` : ''}`}
        />
      )}
      {conflict ? (
        <p className="muted small">A registered work matches this track, so it cannot be registered.</p>
      ) : (
        !cleared && (
          <div className="button-row">
            <Button label="Run Copyright Check" icon="pi pi-shield" size="small" loading={busy} disabled={busy || isSecuredInVault(item) || unavailable !== null} onClick={run} />
            {unavailable && <span className="muted small">{unavailable}.</span>}
          </div>
        )
      )}
    </div>
  );
}

function VaultStepPanel({ item }: { item: VaultItem }) {
  const toast = useToast();
  const register = useRegisterCopyright();
  const cleared = isCopyrightCleared(item);
  const registrationFailed = item.registration?.ledgerStatus === 'failed';

  const run = () =>
    register.mutate(item.id, {
      onSuccess: (response) => toast.show(registrationToast(response)),
      onError: (error) => {
        if (reportInsufficientTokens(error, 'Registration failed', toast)) return;
        toast.show({ severity: 'error', summary: 'Registration failed', detail: errorMessage(error, 'The registration could not be made') });
      },
    });

  return (
    <div className="step-panel">
      {item.copyrightCheck?.clearanceScore != null && cleared && (
        <p className="muted small">Copyright cleared with a score of {item.copyrightCheck.clearanceScore}%.</p>
      )}
      {item.xrplTxHash ? (
        <RegistrationSummary item={item} />
      ) : (
        <>
          <p className="muted small">
            {cleared
              ? 'Registering signs an XRPL transaction that records the SHA-256 of this track, then issues its certificate.'
              : 'Pass the copyright check first; only cleared tracks are registered.'}
          </p>
          <div className="button-row">
            <Button label="Register on XRPL" icon="pi pi-verified" size="small" loading={register.isPending} disabled={!cleared || register.isPending} onClick={run} />
          </div>
          <TokenCostNote service="copyright-registration" />
        </>
      )}
      {registrationFailed && item.workflow.failureReason && <Message severity="error" text={`Registration failed: ${item.workflow.failureReason}`} />}
      {isSecuredInVault(item) && <p className="muted small">Secured in your vault with its certificate.</p>}
    </div>
  );
}

function LaterStepPanel({ item, text }: { item: VaultItem; text: string }) {
  return (
    <div className="step-panel">
      <p>{text}</p>
      {item.xrplTxHash && <RegistrationSummary item={item} />}
    </div>
  );
}
