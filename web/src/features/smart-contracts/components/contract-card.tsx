// One royalty contract in the Smart Contracts tab: its standing, total earnings,
// distributed and pending (cents shown as dollars), the distribution progress capped at 100 %, the
// next scheduled payout, View Contract (signed terms, PDF and the deployment said plainly) and Run
// payout (the contract's trigger). The IMMUTABLE & ACTIVE badge and the disabled Blockchain
// Protected button show only when they are true: the ledger holds the contract's deploy payment.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import type { Contract } from '../../../../../domain/contracts/royalties';
import { TEMPLATE_LABELS } from '../../../../../domain/royalties/terms';
import { Fact } from '../../../components/ui/fact';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { formatCents } from '../../../lib/format';
import { useExecuteContract } from '../api/smart-contracts';
import { contractStanding, DEPLOYMENT_STATUS_SEVERITY, deploymentText, distributionProgress, ledgerBadge, SCHEDULE_LABELS } from '../labels';
import { ContractViewDialog } from './contract-view-dialog';

function nextDistributionText(contract: Contract): string {
  if (contract.nextDistribution) return formatDate(contract.nextDistribution);
  if (contract.distributionSchedule === 'on_demand') return 'On demand';
  return 'Not scheduled';
}

export function ContractCard({ contract }: { contract: Contract }) {
  const toast = useToast();
  const execute = useExecuteContract();
  const [viewOpen, setViewOpen] = useState(false);
  const status = contractStanding(contract);
  const badge = ledgerBadge(contract);
  const progress = distributionProgress(contract);

  const runPayout = () =>
    execute.mutate(contract.contractId, {
      onSuccess: (answer) =>
        toast.show(
          answer.payout
            ? { severity: 'success', summary: 'Royalties Distributed', detail: answer.message }
            : { severity: 'info', summary: 'No payout made', detail: answer.message },
        ),
      onError: (error) => toast.show({ severity: 'error', summary: 'Contract Execution Failed', detail: errorMessage(error, 'The payout could not run') }),
    });

  return (
    <article className="contract-card stack-card stack-card--tile" aria-label={`Contract for ${contract.contentTitle}`} data-status={contract.contractStatus}>
      <Card>
        <header className="contract-card__header">
          <div>
            <h3>{contract.contentTitle}</h3>
            <span className="muted small">{TEMPLATE_LABELS[contract.templateType]}</span>
          </div>
          <Tag value={status.label} severity={status.severity} aria-label={`Contract status: ${status.label}`} />
        </header>
        <div className="contract-card__badges">
          {badge && <Tag value={badge} icon="pi pi-lock" severity="info" />}
          <Tag value={deploymentText(contract.deployment)} severity={DEPLOYMENT_STATUS_SEVERITY[contract.deployment.status]} />
        </div>
        <dl className="facts contract-card__facts">
          <Fact term="Total earnings">{formatCents(contract.totalEarnings)}</Fact>
          <Fact term="Distributed">{formatCents(contract.distributedAmount)}</Fact>
          <Fact term="Pending">{formatCents(contract.pendingAmount)}</Fact>
          <Fact term="Next distribution">{nextDistributionText(contract)}</Fact>
          <Fact term="Schedule">{SCHEDULE_LABELS[contract.distributionSchedule]}</Fact>
          <Fact term="Split">
            {contract.royaltySplit}% you · {contract.platformShare}% platform
          </Fact>
        </dl>
        <div className="contract-card__progress">
          <span className="muted small">Distributed {progress}%</span>
          <ProgressBar value={progress} showValue={false} style={{ height: '0.5rem' }} aria-label={`Distributed ${progress}% of earnings`} />
        </div>
        <div className="button-row">
          <Button label="View Contract" icon="pi pi-eye" size="small" outlined onClick={() => setViewOpen(true)} />
          <Button
            label="Run payout"
            icon="pi pi-play"
            size="small"
            loading={execute.isPending}
            disabled={execute.isPending || contract.pendingAmount <= 0 || contract.contractStatus !== 'active'}
            onClick={runPayout}
          />
          {status.onLedger && <Button label="Blockchain Protected" icon="pi pi-shield" size="small" text disabled />}
        </div>
      </Card>
      <ContractViewDialog contract={contract} visible={viewOpen} onHide={() => setViewOpen(false)} />
    </article>
  );
}
