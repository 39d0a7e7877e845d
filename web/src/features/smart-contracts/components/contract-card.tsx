// One royalty contract in the Smart Contracts tab (spec 2 §2, §3): its status, total earnings,
// distributed and pending (cents shown as dollars), the distribution progress capped at 100 %, the
// next scheduled payout, the IMMUTABLE & ACTIVE badge, View Contract (signed terms, PDF and the
// deployment said plainly), Run payout (the contract's trigger) and the disabled Blockchain
// Protected button.
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
import { CONTRACT_STATUS_DISPLAY, DEPLOYMENT_STATUS_SEVERITY, DEPLOYMENT_STATUS_TEXT, distributionProgress, SCHEDULE_LABELS } from '../labels';
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
  const status = CONTRACT_STATUS_DISPLAY[contract.contractStatus];
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
          <Tag value="IMMUTABLE & ACTIVE" icon="pi pi-lock" severity="info" />
          <Tag value={DEPLOYMENT_STATUS_TEXT[contract.deployment.status]} severity={DEPLOYMENT_STATUS_SEVERITY[contract.deployment.status]} />
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
          <Button label="Blockchain Protected" icon="pi pi-shield" size="small" text disabled />
        </div>
      </Card>
      <ContractViewDialog contract={contract} visible={viewOpen} onHide={() => setViewOpen(false)} />
    </article>
  );
}
