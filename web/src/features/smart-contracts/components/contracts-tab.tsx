// The Smart Contracts tab: a skeleton of 6 cards while loading, then an empty state or
// one card per contract.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import type { Contract } from '../../../../../domain/contracts/royalties';
import { errorMessage } from '../../../lib/api-client';
import { ContractCard } from './contract-card';

export const CONTRACT_SKELETON_CARDS = 6;

interface ContractsTabProps {
  status: 'pending' | 'error' | 'success';
  contracts: readonly Contract[];
  error?: unknown;
  onCreate(): void;
}

export function ContractsTab({ status, contracts, error, onCreate }: ContractsTabProps) {
  if (status === 'pending') {
    return (
      <div className="contract-grid" aria-busy="true" aria-label="Loading your contracts">
        {Array.from({ length: CONTRACT_SKELETON_CARDS }, (_, index) => (
          <Card key={index} className="contract-skeleton">
            <Skeleton width="60%" height="1.4rem" />
            <Skeleton height="4rem" />
            <Skeleton height="0.5rem" />
          </Card>
        ))}
      </div>
    );
  }
  if (status === 'error') return <Message severity="error" text={`Your contracts could not be loaded: ${errorMessage(error, 'unknown error')}`} />;
  if (contracts.length === 0) {
    return (
      <Card className="empty-state">
        <i className="pi pi-file-edit empty-state__icon" aria-hidden="true" />
        <h3>No smart contracts yet</h3>
        <p className="muted">A royalty contract shares the earnings of a registered track between you, your receivers and the platform.</p>
        <Button label="Create Smart Contract" icon="pi pi-plus" onClick={onCreate} />
      </Card>
    );
  }
  return (
    <div className="contract-grid">
      {contracts.map((contract) => (
        <ContractCard key={contract.contractId} contract={contract} />
      ))}
    </div>
  );
}
