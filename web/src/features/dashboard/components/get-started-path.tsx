// The welcome tab's "Get started" path for a signed-in creator (get-started.ts): four steps, each
// with its cost from the server's price list, buttons to the tab where it is done, and a tick once
// one of the creator's tracks has reached it. A first-time creator lands here.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useCapabilities } from '../../../lib/capabilities';
import type { DashboardTab } from '../../../lib/dashboard-tabs';
import { usePricing } from '../../../lib/tokens/api/tokens';
import { useVault } from '../../../lib/track/api/get-vault';
import { getStartedSteps } from '../get-started';
import '../get-started.css';

export function GetStartedPath({ onSelectTab }: { onSelectTab(tab: DashboardTab): void }) {
  const vault = useVault({ enabled: true });
  const pricing = usePricing().data;
  const capabilities = useCapabilities().data;
  const steps = getStartedSteps(vault.data ?? [], pricing, capabilities);
  const done = steps.filter((step) => step.done).length;
  return (
    <>
      <p className="muted get-started__count">{vault.isPending ? 'Reading your vault…' : `${done} of ${steps.length} steps done`}</p>
      <ol className="grid-list journey get-started" aria-label="Get started steps">
        {steps.map((step, index) => (
          <li key={step.id} data-step={step.id} data-done={step.done}>
            <Card className={`journey__card${step.done ? ' get-started__card--done' : ''}`}>
              <div className="journey__head">
                {step.done ? (
                  <i className="pi pi-check-circle get-started__tick" role="img" aria-label="Done" />
                ) : (
                  <span className="journey__number" aria-hidden="true">
                    {index + 1}
                  </span>
                )}
                <h3>{step.title}</h3>
              </div>
              <p>{step.text}</p>
              {step.cost === null ? (
                <p className="muted small">Reading the price list…</p>
              ) : (
                <p className="get-started__cost" data-cost={step.id}>
                  <i className="pi pi-wallet" aria-hidden="true" /> {step.cost}
                </p>
              )}
              <div className="button-row">
                {step.links.map((link, linkIndex) => (
                  <Button key={link.tab} label={link.label} size="small" outlined={step.done || linkIndex > 0} onClick={() => onSelectTab(link.tab)} />
                ))}
              </div>
            </Card>
          </li>
        ))}
      </ol>
    </>
  );
}
