// The upload tab's Token Usage card (spec 1 §2): what each step costs, from the server's one price
// list, the balance, and Fix Tokens (rebuilds the balance from the ledger's events).
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Skeleton } from 'primereact/skeleton';
import type { User } from '../../../../../domain/contracts/auth';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatTokens } from '../../../lib/format';
import { usePricing, useSyncTokens } from '../api/tokens';

export function TokenUsageCard({ user }: { user: User }) {
  const pricing = usePricing();
  const sync = useSyncTokens();
  const toast = useToast();
  return (
    <Card title="Token Usage" className="side-card">
      {pricing.isPending && <Skeleton height="5rem" />}
      {pricing.isError && <p className="muted small">{errorMessage(pricing.error, 'The price list could not be loaded')}</p>}
      {pricing.data && (
        <ul className="status-rows" aria-label="What each step costs">
          <li>
            <span>Upload</span>
            <span>free</span>
          </li>
          {pricing.data.services.map((service) => (
            <li key={service.id}>
              <span>{service.label}</span>
              <span>{formatTokens(service.price)} tokens</span>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">
        Your balance: {formatTokens(user.tokenBalance)} tokens (1 token = 1 USD). A step's price is reserved when it starts and given back if
        it fails.
      </p>
      <Button
        label="Fix Tokens"
        icon="pi pi-sync"
        size="small"
        severity="secondary"
        outlined
        loading={sync.isPending}
        tooltip="Rebuild your balance from the token ledger's records"
        tooltipOptions={{ position: 'top' }}
        onClick={() =>
          sync.mutate(undefined, {
            onSuccess: (answer) => toast.show({ severity: 'success', summary: 'Tokens Fixed', detail: answer.message }),
            onError: (error) => toast.show({ severity: 'error', summary: 'Fix Tokens failed', detail: errorMessage(error, 'Could not rebuild your balance') }),
          })
        }
      />
    </Card>
  );
}
