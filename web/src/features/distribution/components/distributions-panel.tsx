// The Distributions tab: the creator's releases with their live
// statuses and store deliveries, each release's royalties by store, takedown and package
// download, and the sales statement import. New releases start from a music item's Distribute
// button in the vault.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { DISTRIBUTION_FEE_USD_PER_YEAR } from '../../../../../domain/distribution/catalogue';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { useDistributions } from '../../../lib/distribution/api/distribution';
import '../distribution.css';
import { ReleaseCard } from './release-card';
import { StatementImport } from './statement-import';

export function DistributionsPanel() {
  const changeTab = useChangeTab();
  const distributions = useDistributions({ enabled: true });
  const releases = distributions.data ?? [];

  return (
    <section className="distributions-panel" aria-labelledby="distributions-title">
      <div className="header-row panel-header">
        <div>
          <PanelTitle id="distributions-title" icon="pi-send">
            Distributions
          </PanelTitle>
          <p className="muted">
            Releases of your registered music to streaming platforms, ${DISTRIBUTION_FEE_USD_PER_YEAR.toFixed(2)} per year per release. Statuses
            update live as the distributor reports each store.
          </p>
        </div>
        <div className="panel-header__tools">
          <Button label="Distribute from the vault" icon="pi pi-lock" outlined onClick={() => changeTab('vault')} />
        </div>
      </div>

      {distributions.isPending && (
        <div className="release-list" aria-busy="true" aria-label="Loading your releases">
          <Skeleton height="9rem" />
          <Skeleton height="9rem" />
        </div>
      )}
      {distributions.isError && <Message severity="error" text={`Your releases could not be loaded: ${errorMessage(distributions.error, 'unknown error')}`} />}
      {distributions.isSuccess && releases.length === 0 && (
        <Card className="empty-state">
          <i className="pi pi-send empty-state__icon" aria-hidden="true" />
          <h3>No releases yet</h3>
          <p className="muted">Registered music in your vault has a Distribute button: choose the stores and submit the release there.</p>
          <Button label="Open the vault" icon="pi pi-lock" onClick={() => changeTab('vault')} />
        </Card>
      )}
      {releases.length > 0 && (
        <div className="release-list">
          {releases.map((release) => (
            <ReleaseCard key={release.id} release={release} />
          ))}
        </div>
      )}

      <StatementImport />
    </section>
  );
}
