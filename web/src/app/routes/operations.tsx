// /operations: the operator's page — failed ledger steps, stuck workflows, the outbox.
import { OperationsPage } from '../../features/operations/components/operations-page';
import { PageFrame } from './page-frame';

export function OperationsRoute() {
  return (
    <PageFrame>
      <OperationsPage />
    </PageFrame>
  );
}
