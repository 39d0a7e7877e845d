// One vault item in the Copyright Oracle tab's per-track workflow: its
// workflow status and what can be done next. Progress is the server's: the mastering steps and
// the oracle's eight stages come from the vault item as the engine and the oracle report them.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { ContentTypeIcon } from '../../../components/ui/content-type-icon';
import { useToast, type ToastOptions } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { useCapability } from '../../../lib/capabilities';
import { formatDate } from '../../../lib/format';
import { TokenCostNote } from '../../../components/tokens/token-cost-note';
import { reportInsufficientTokens } from '../../../lib/tokens/insufficient-tokens';
import { useRunCopyrightCheck } from '../../../lib/track/api/run-copyright-check';
import { useStartMastering } from '../../../lib/track/api/start-mastering';
import { CopyrightCheckReport, hasCheckReport } from '../../../components/track/copyright-check-report';
import { MasteringResults, masteringResultsOf } from '../../../components/track/mastering-results';
import { MasteringStepList } from '../../../components/track/mastering-step-list';
import { OracleStageList } from '../../../components/track/oracle-stage-list';
import { RegistrationSummary } from '../../../components/track/registration-summary';
import { LEDGER_STATUS_TEXT } from '../../../lib/track/ledger-status';
import { foldMasteringSteps } from '../../../lib/track/mastering-steps';
import { noMatchText } from '../../../lib/track/no-match';
import { checkUnavailableReason, isCopyrightCleared } from '../../../lib/track/workflow-steps';
import { checkOutcomeToast, registrationToast } from '../../../lib/track/outcome-toasts';
import { RegistrationAfterCheckError, useRegisterCopyrightFlow, type RegisterFlowOutcome } from '../api/register-copyright-flow';
import { failureDetails, trackWorkflowStatus, workflowStatusDisplay } from '../workflow-status';

function outcomeToast(outcome: RegisterFlowOutcome): ToastOptions {
  if (outcome.kind === 'conflict') return checkOutcomeToast(outcome.check);
  const { check, registration } = outcome;
  if (!check || !registration.success) return registrationToast(registration);
  const score = check.check.clearanceScore;
  return {
    severity: 'success',
    summary: 'Copyright Analysis Complete',
    detail: [score !== null ? `Clearance score ${score}%.` : '', noMatchText(check.check), `${LEDGER_STATUS_TEXT[registration.ledgerStatus]}.`, registration.note ?? '']
      .filter(Boolean)
      .join(' '),
  };
}

function failureToast(error: unknown): ToastOptions {
  if (error instanceof RegistrationAfterCheckError) {
    const reason = errorMessage(error.registrationError, 'The registration could not be made');
    const score = error.check?.check.clearanceScore;
    return {
      severity: 'error',
      summary: 'Registration failed',
      detail: error.check ? `The copyright check passed${score != null ? ` (${score}%)` : ''}, but the registration failed: ${reason}` : reason,
    };
  }
  return { severity: 'error', summary: 'Copyright check failed', detail: errorMessage(error, 'The copyright check could not run') };
}

interface WorkflowTrackCardProps {
  item: VaultItem;
  /** What a registered track offers for its royalty contract (the Smart Contracts screen's button), beside View Certificate. */
  contractAction?: ReactNode;
}

export function WorkflowTrackCard({ item, contractAction }: WorkflowTrackCardProps) {
  const changeTab = useChangeTab();
  const toast = useToast();
  const startMastering = useStartMastering();
  const check = useRunCopyrightCheck();
  const registerFlow = useRegisterCopyrightFlow();
  const status = trackWorkflowStatus(item);
  const display = workflowStatusDisplay(item);
  const isMusic = item.contentType === 'music';
  const results = masteringResultsOf(item);
  const failure = status === 'failed' ? failureDetails(item) : null;
  const conflict = item.copyrightCheck?.verdict === 'conflict';

  const master = () =>
    startMastering.mutate(item.id, {
      onSuccess: () =>
        toast.show({ severity: 'info', summary: 'Mastering Started', detail: `"${item.title}": balanced style, medium loudness. Each step shows here as it finishes.` }),
      onError: (error) => {
        if (reportInsufficientTokens(error, 'Mastering Failed', toast)) return;
        const reason = errorMessage(error, '');
        toast.show({ severity: 'error', summary: 'Mastering Failed', detail: `Failed to start mastering. Please try again.${reason ? ` ${reason}` : ''}` });
      },
    });

  const register = () =>
    registerFlow.mutate(item, {
      onSuccess: (outcome) => toast.show(outcomeToast(outcome)),
      onError: (error) => {
        const cause = error instanceof RegistrationAfterCheckError ? error.registrationError : error;
        if (!reportInsufficientTokens(cause, 'Registration failed', toast)) toast.show(failureToast(error));
      },
    });

  // Mastering is optional: an unmastered track can be checked as uploaded, by the same check call the register flow makes.
  const runCheck = () =>
    check.mutate(item.id, {
      onSuccess: (response) => toast.show(checkOutcomeToast(response)),
      onError: (error) => toast.show(failureToast(error)),
    });

  const busy = startMastering.isPending || check.isPending || registerFlow.isPending;
  const startMasteringButton = (
    <>
      <Button label="Start Mastering" icon="pi pi-sliders-h" size="small" loading={startMastering.isPending} disabled={busy} onClick={master} />
      <TokenCostNote service="professional-mastering" />
    </>
  );
  const unavailable = checkUnavailableReason(item);
  const checkButton = (
    <>
      <Button label="Check Copyright" icon="pi pi-shield" size="small" outlined loading={check.isPending} disabled={busy || unavailable !== null} onClick={runCheck} />
      {unavailable && <span className="muted small">{unavailable}.</span>}
    </>
  );
  const cleared = isCopyrightCleared(item);
  const ledger = useCapability('ledger-submission');
  const registeredWhere = ledger.available ? 'on the XRP Ledger' : 'with a signed XRP Ledger transaction, kept until this server connects to the ledger';
  const registerButton = (
    <>
      <Button label="Register Copyright" icon="pi pi-shield" size="small" loading={registerFlow.isPending} disabled={busy || unavailable !== null} onClick={register} />
      {unavailable && <span className="muted small">{unavailable}.</span>}
      <TokenCostNote service="copyright-registration" />
    </>
  );

  return (
    <article className="workflow-card stack-card stack-card--tile" aria-label={item.title} data-workflow-status={status}>
      <Card>
        <header className="workflow-card__header">
          <ContentTypeIcon type={item.contentType} className="workflow-card__type" />
          <div className="workflow-card__heading">
            <h3>{item.title}</h3>
            <span className="muted small">
              {item.contentType} · {formatDate(item.createdAt)}
            </span>
          </div>
          <Tag value={display.label} severity={display.severity} icon={display.icon} aria-label={`Workflow status: ${display.label}`} />
        </header>

        {status === 'intake' && <p className="muted small">The upload is still being received, stored and probed. Its workflow starts when that finishes.</p>}

        {status === 'pending' && (
          <div className="workflow-card__body">
            <p className="muted small">
              {!isMusic
                ? `Runs the copyright check on this file and, if it clears, registers it ${registeredWhere}.`
                : cleared
                  ? 'The copyright check cleared this track as uploaded; registering signs its XRPL transaction and issues the certificate. Mastering it first is still optional (a new master is checked again).'
                  : 'Mastering is optional: master it first (balanced style, medium loudness, −9 LUFS), or check the track as uploaded.'}
            </p>
            <div className="button-row">
              {isMusic && startMasteringButton}
              {isMusic && !cleared ? checkButton : registerButton}
            </div>
          </div>
        )}

        {status === 'mastering' && item.mastering && (
          <div className="workflow-card__body">
            <MasteringStepList run={foldMasteringSteps(item.mastering.steps)} />
          </div>
        )}

        {status === 'mastered' && (
          <div className="workflow-card__body">
            {results && <MasteringResults results={results} title="Master" />}
            <p className="muted small">
              {cleared
                ? 'The copyright check cleared the master; registering signs its XRPL transaction and issues the certificate.'
                : `Runs the copyright check on the master and, if it clears, registers it ${registeredWhere}.`}
            </p>
            <div className="button-row">{registerButton}</div>
          </div>
        )}

        {status === 'held' && (
          <div className="workflow-card__body">
            {results && <MasteringResults results={results} title="Master" />}
            <p className="muted small">{heldExplanation(item.copyrightCheck)}</p>
            <div className="button-row">
              <Button label="Run Check Again" icon="pi pi-refresh" size="small" outlined loading={registerFlow.isPending} disabled={busy} onClick={register} />
            </div>
          </div>
        )}

        {status === 'analyzing' && item.copyrightCheck && (
          <div className="workflow-card__body">
            <OracleStageList stages={item.copyrightCheck.stages} />
          </div>
        )}

        {status === 'registered' && (
          <div className="workflow-card__body">
            <RegistrationSummary item={item} />
            <div className="button-row">
              <Button label="View Certificate" icon="pi pi-verified" size="small" outlined onClick={() => changeTab('vault')} />
              {contractAction}
            </div>
          </div>
        )}

        {failure && (
          <div className="workflow-card__body">
            <Message
              severity="error"
              className="workflow-card__failure"
              text={`${failure.reason}${failure.similarity !== null ? ` · Similarity score: ${failure.similarity}%` : ''}`}
            />
            {failure.step === 'master' && isMusic && (
              <>
                {/* The failed run left the track's file as it was: the free check can run on it now. */}
                {!cleared && <p className="muted small">The failed run changed no file: master it again, or check the track as it stands (the check is free).</p>}
                <div className="button-row">
                  {startMasteringButton}
                  {cleared ? registerButton : checkButton}
                </div>
              </>
            )}
            {failure.step === 'oracle' && !conflict && <div className="button-row">{registerButton}</div>}
            {failure.step === 'register' && item.xrplTxHash && <RegistrationSummary item={item} />}
          </div>
        )}

        {status !== 'analyzing' && hasCheckReport(item.copyrightCheck) && (
          <section className="workflow-card__report" aria-label="Copyright check report">
            <h4 className="workflow-card__report-title">Copyright check</h4>
            <CopyrightCheckReport check={item.copyrightCheck} />
          </section>
        )}
      </Card>
    </article>
  );
}

/** Why the track is held, in the words of what held it: another creator's work, a rights holder's reference, or AcoustID. */
function heldExplanation(check: VaultItem['copyrightCheck']): string {
  const references = check?.referenceMatches ?? [];
  if (references.length > 0) {
    const holders = [...new Set(references.map((match) => match.holderName))].join(', ');
    return `It matches a rights holder's reference recording (${references.map((match) => `“${match.title}”`).join(', ')}, held by ${holders}), so it is not registered yet. It stays in your vault; the holder was told and may release the hold, and a reviewer decides a claim.`;
  }
  if ((check?.externalMatches.length ?? 0) > 0 && (check?.passages.length ?? 0) === 0) {
    return 'AcoustID recognises it as a published recording, so it is not registered yet. It stays in your vault: request a review with your evidence, or change the track and run the check again (a cleared check registers it).';
  }
  return 'Part of this track looks copied from a registered work, so it is not registered yet. It stays in your vault: listen to the passages below side by side, then request a review, or change the track and run the check again (a cleared check registers it).';
}
