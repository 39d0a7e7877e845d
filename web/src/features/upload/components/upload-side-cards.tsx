// The upload tab's side cards: what happens after an upload, how the copyright
// analysis is run, and what the services cost (the server's price list), with Fix Tokens, which
// rebuilds the balance from the ledger. Only what is built is shown as available, and the
// registration is worded by whether this server reaches the XRP Ledger (GET /api/capabilities).
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import type { User } from '../../../../../domain/contracts/auth';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { useCapability, type CapabilityState } from '../../../lib/capabilities';
import { useSyncTokens, useTokenBalance } from '../../../lib/tokens/api/tokens';
import { ServicePriceList } from '../../../components/tokens/service-price-list';
import { formatBalance } from '../../../lib/tokens/labels';

/** The steps after an upload, the registration worded by whether this server submits to the ledger. */
function nextSteps(ledger: CapabilityState): { title: string; text: string; icon: string }[] {
  return [
    { title: 'Vault', text: 'Your upload appears in your vault at once; you can watch its intake there.', icon: 'pi-lock' },
    { title: 'Master track', text: 'Optional, for music: master it from the Mastering tab.', icon: 'pi-sliders-h' },
    { title: 'Copyright analysis', text: 'Run the copyright check from the Copyright Oracle tab.', icon: 'pi-shield' },
    {
      title: 'Blockchain registry',
      text: ledger.available
        ? 'Cleared work can be registered on the XRP Ledger, with a signed certificate.'
        : `Cleared work can get a signed XRP Ledger registration and a certificate. ${ledger.reason ?? ''}`.trim(),
      icon: 'pi-verified',
    },
    { title: 'Smart contract', text: 'Registered work can get a royalty contract from the Smart Contracts tab, shared with the receivers you invite.', icon: 'pi-file-edit' },
  ];
}

const ANALYSIS_ROWS = ['AI Pattern Recognition', 'Database Comparison', 'Registry Check'];

export function UploadSideCards({ user }: { user: User }) {
  const changeTab = useChangeTab();
  const ledger = useCapability('ledger-submission');
  return (
    <aside className="upload-side" aria-label="About your upload">
      <Card title="Next Steps After Upload" className="side-card">
        <ol className="next-steps">
          {nextSteps(ledger).map((step) => (
            <li key={step.title}>
              <i className={`pi ${step.icon}`} aria-hidden="true" />
              <div>
                <strong>{step.title}</strong>
                <p className="muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <Button label="Open Vault" icon="pi pi-lock" size="small" outlined onClick={() => changeTab('vault')} />
      </Card>

      <Card title="Copyright Analysis" className="side-card">
        <ul className="status-rows">
          {ANALYSIS_ROWS.map((row) => (
            <li key={row}>
              <span>{row}</span>
              <Tag value="On request" severity="info" />
            </li>
          ))}
        </ul>
        <p className="muted small">
          These checks run when you start the copyright check from the Copyright Oracle tab: your work is compared with the works
          registered on GOOSE, and cleared work can then be registered{ledger.available ? ' on the XRP Ledger' : ' (signed, and sent to the XRP Ledger once this server connects to one)'}.
        </p>
      </Card>

      <TokenUsageCard user={user} />
    </aside>
  );
}

function TokenUsageCard({ user }: { user: User }) {
  const toast = useToast();
  const balance = useTokenBalance({ enabled: true });
  const sync = useSyncTokens();
  const fix = () =>
    sync.mutate(undefined, {
      onSuccess: (answer) => toast.show({ severity: 'success', summary: 'Tokens Fixed', detail: answer.message }),
      onError: (error) => toast.show({ severity: 'error', summary: 'Token sync failed', detail: errorMessage(error, 'The balance could not be rebuilt') }),
    });
  return (
    <Card title="Token Usage" className="side-card">
      <ServicePriceList />
      <p className="muted small">
        Your balance: {formatBalance(balance.data?.balance ?? user.tokenBalance)} tokens (1 token = 1 USD). A priced step is charged only when it
        succeeds.
      </p>
      <Button
        label="Fix Tokens"
        icon="pi pi-sync"
        size="small"
        severity="secondary"
        outlined
        loading={sync.isPending}
        tooltip="Rebuild your balance from the token ledger"
        tooltipOptions={{ position: 'top' }}
        onClick={fix}
      />
    </Card>
  );
}
