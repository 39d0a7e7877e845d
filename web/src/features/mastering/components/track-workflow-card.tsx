// The per-track workflow card: a five-step strip (Master Track, Copyright Check,
// Secure in Vault, Smart Contract, Distribute) and the panel of the step the track stands at.
// The step comes from the track's status and moves on as the server reports each step done:
// the Smart Contract step creates the standard royalty contract (85 %), which moves the track to
// Distribute, where the Distribution dialog opens and the release's live status shows.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import type { Distribution } from '../../../../../domain/contracts/distribution';
import type { Contract } from '../../../../../domain/contracts/royalties';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { CONTRACT_DEPLOY_PRICE_USD, TEMPLATE_CREATOR_SHARE } from '../../../../../domain/royalties/terms';
import { DISTRIBUTION_FEE_USD_PER_YEAR } from '../../../../../domain/distribution/catalogue';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { useCapability } from '../../../lib/capabilities';
import { useDistributions } from '../../../lib/distribution/api/distribution';
import { DistributionDialog } from '../../../components/distribution/distribution-dialog';
import { FundingDialog } from '../../../components/tokens/funding-dialog';
import { isSandboxRelease, releaseEarningsText, releaseOf, releaseStatusLabel, releaseStatusSeverity, storeStateLabel } from '../../../lib/distribution/labels';
import { TokenCostNote } from '../../../components/tokens/token-cost-note';
import { reportInsufficientTokens } from '../../../lib/tokens/insufficient-tokens';
import { useContracts, useCreateContractForTrack } from '../../../lib/track/api/create-contract';
import { useRegisterCopyright } from '../../../lib/track/api/register-copyright';
import { useRunCopyrightCheck } from '../../../lib/track/api/run-copyright-check';
import { checkOutcomeToast, contractCreatedToast, contractFailure, registrationToast } from '../../../lib/track/outcome-toasts';
import {
  checkUnavailableReason,
  currentStep,
  failedLifecycleStep,
  isCopyrightCleared,
  isSecuredInVault,
  stepStates,
  TRACK_WORKFLOW_STEPS,
  type TrackSideProgress,
  type TrackWorkflowStepState,
} from '../../../lib/track/workflow-steps';
import { CopyrightCheckReport, hasCheckReport } from '../../../components/track/copyright-check-report';
import { MasterStatusBadge } from '../../../components/track/master-status-badge';
import { MasteringResults, masteringResultsOf } from '../../../components/track/mastering-results';
import { OracleStageList } from '../../../components/track/oracle-stage-list';
import { RegistrationSummary } from '../../../components/track/registration-summary';
import { STEP_STATE_MARKS, TRACK_STEPS } from '../../../components/track/track-steps';
import '../track-workflow-card.css';

const STATE_TEXT: Record<TrackWorkflowStepState, string> = {
  completed: 'done',
  running: 'running',
  failed: 'failed',
  pending: 'to do',
  skipped: 'not needed',
};

interface TrackWorkflowCardProps {
  item: VaultItem;
  /** Where "Go to mastering controls" leads; the mastering tab when not given. */
  onGoToMaster?: () => void;
}

export function TrackWorkflowCard({ item, onGoToMaster }: TrackWorkflowCardProps) {
  // The same lists (and cache entries) as the Smart Contracts and Distributions tabs, kept live by the websocket.
  const contracts = useContracts({ enabled: true });
  const distributions = useDistributions({ enabled: true });
  const contract = contracts.data?.find((candidate) => candidate.contentId === item.id) ?? null;
  const release = releaseOf(item.id, distributions.data ?? []);
  const side: TrackSideProgress = { hasContract: contract !== null, release };
  const states = stepStates(item, side);
  const current = currentStep(item, side);
  const currentLabel = TRACK_STEPS[current].label;

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
          {TRACK_WORKFLOW_STEPS.map((id, index) => {
            const state = states[id];
            const step = TRACK_STEPS[id];
            const isCurrent = id === current;
            return (
              <li
                key={id}
                className={`inset-box workflow-strip-step workflow-strip-step--${state}${isCurrent ? ' workflow-strip-step--current' : ''}`}
                data-status={state}
                aria-current={isCurrent ? 'step' : undefined}
              >
                <span className="workflow-strip-step__marker" aria-hidden="true">
                  {STEP_STATE_MARKS[state] ? <i className={`pi ${STEP_STATE_MARKS[state]}`} /> : index + 1}
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
          {current === 'contract' && <ContractStepPanel item={item} contract={contract} />}
          {current === 'distribute' && <DistributeStepPanel item={item} release={release} contract={contract} />}
        </section>
      </Card>
    </section>
  );
}

function MasterStepPanel({ item, onGoToMaster }: { item: VaultItem; onGoToMaster?: () => void }) {
  const changeTab = useChangeTab();
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
      {/* The studio's controls show the run's progress; it is not drawn a second time here. */}
      {running && item.mastering && <p className="muted small">Mastering a {item.mastering.kind === 'preview' ? 'preview' : 'full master'}: its progress shows in the mastering controls.</p>}
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
        <p className="muted small">
          A registered work matches this track, so it cannot be registered{copyrightCheck?.reviewRequest || copyrightCheck?.review ? '.' : ' unless a reviewer clears it: contest the result above.'}
        </p>
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

function ContractStepPanel({ item, contract }: { item: VaultItem; contract: Contract | null }) {
  const changeTab = useChangeTab();
  const toast = useToast();
  const create = useCreateContractForTrack();
  const [funding, setFunding] = useState<{ xrpAmount: string; usdAmount: string } | null>(null);
  const [fundingOpen, setFundingOpen] = useState(false);
  const registered = isSecuredInVault(item) || Boolean(item.xrplTxHash);
  const share = TEMPLATE_CREATOR_SHARE.standard_royalty;
  const anchors = useCapability('contract-anchors');

  const run = () => {
    setFunding(null);
    create.mutate(item.id, {
      onSuccess: (response) => toast.show(contractCreatedToast(response)),
      onError: (error) => {
        const failure = contractFailure(error);
        if (failure.kind === 'wallet_not_funded') setFunding({ xrpAmount: failure.xrpAmount, usdAmount: failure.usdAmount });
        else toast.show(failure.toast);
      },
    });
  };

  return (
    <div className="step-panel">
      {contract ? (
        <p>
          A {contract.royaltySplit}% royalty contract covers this track ({contract.contractStatus}); its deployment is {contract.deployment.status.replaceAll('_', ' ')}.
        </p>
      ) : registered ? (
        <>
          <p className="muted small">
            A standard royalty contract gives you {share}% of this track's royalties and the platform {100 - share}%.{' '}
            {anchors.available ? `Recording it on the XRP Ledger costs $${CONTRACT_DEPLOY_PRICE_USD.toFixed(2)} once, paid in XRP from your XRPL account.` : anchors.reason}
          </p>
          <div className="button-row">
            <Button label="Create Smart Contract" icon="pi pi-file-edit" size="small" loading={create.isPending} disabled={create.isPending} onClick={run} />
          </div>
        </>
      ) : (
        <p className="muted small">Register the track on the XRP Ledger first; contracts are made for registered work only.</p>
      )}
      {funding && (
        <Message
          severity="warn"
          content={
            <div className="step-panel">
              <span>
                <strong>XRP Funding Required.</strong> Your XRPL account needs {funding.xrpAmount} XRP (about ${funding.usdAmount}) to deploy this contract.
              </span>
              <div className="button-row">
                <Button label="Fund my XRPL account" icon="pi pi-wallet" size="small" outlined onClick={() => setFundingOpen(true)} />
              </div>
            </div>
          }
        />
      )}
      {contract && (
        <div className="button-row">
          <Button label="Open Smart Contracts" icon="pi pi-file-edit" size="small" outlined onClick={() => changeTab('smart-contracts')} />
        </div>
      )}
      {item.xrplTxHash && <RegistrationSummary item={item} />}
      <FundingDialog
        funding={fundingOpen ? funding : null}
        onHide={() => setFundingOpen(false)}
        onRetry={() => {
          setFundingOpen(false);
          run();
        }}
      />
    </div>
  );
}

function DistributeStepPanel({ item, release, contract }: { item: VaultItem; release: Distribution | null; contract: Contract | null }) {
  const changeTab = useChangeTab();
  const [dialogOpen, setDialogOpen] = useState(false);
  const partner = useCapability('delivery-partner');
  const canDistributeAgain = !release || release.status === 'taken_down' || release.status === 'failed';
  const failedStores = release?.stores.filter((store) => store.state === 'failed') ?? [];
  const liveStores = release && !isSandboxRelease(release) ? release.stores.filter((store) => store.state === 'distributed').length : 0;

  if (item.contentType !== 'music') {
    return (
      <div className="step-panel">
        <p className="muted small">Only music is distributed to streaming platforms.</p>
      </div>
    );
  }

  return (
    <div className="step-panel">
      {release ? (
        <>
          <div className="step-panel__row">
            <Tag value={releaseStatusLabel(release)} severity={releaseStatusSeverity(release)} />
            <span className="muted small">
              {liveStores} of {release.stores.length} stores live
            </span>
          </div>
          {release.notice && <Message severity="warn" text={release.notice} />}
          {failedStores.map((store) => (
            <Message key={store.storeId} severity="error" text={`${store.storeName}: ${storeStateLabel(release, store.state, store.reason)}`} />
          ))}
        </>
      ) : (
        <p className="muted small">
          {partner.available
            ? `Release this track to streaming stores for $${DISTRIBUTION_FEE_USD_PER_YEAR.toFixed(2)} per year.`
            : (partner.reason ?? '')}{' '}
          {releaseEarningsText(contract?.royaltySplit ?? null)}
        </p>
      )}
      <div className="button-row">
        {canDistributeAgain && <Button label={release ? 'Distribute again' : 'Distribute'} icon="pi pi-send" size="small" onClick={() => setDialogOpen(true)} />}
        {release && <Button label="Open Distributions" icon="pi pi-list" size="small" outlined onClick={() => changeTab('distributions')} />}
      </div>
      <DistributionDialog track={item} visible={dialogOpen} onHide={() => setDialogOpen(false)} />
    </div>
  );
}
