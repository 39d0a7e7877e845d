// The Copyright Oracle tab: in reality a per-track workflow manager. One card per
// vault item, each moving pending → mastering → mastered → analyzing → registered (or failed) as
// the server reports it.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { useCapability } from '../../../lib/capabilities';
import { useWorkflowVault } from '../api/use-workflow-vault';
import '../oracle.css';
import { ledgerWait, trackWorkflowStatus } from '../workflow-status';
import { WorkflowTrackCard } from './workflow-track-card';

interface OraclePanelProps {
  /** What a registered track's card offers for its royalty contract; the dashboard gives the Smart Contracts screen's button. */
  contractAction?: (item: VaultItem) => ReactNode;
}

export function OraclePanel({ contractAction }: OraclePanelProps) {
  const changeTab = useChangeTab();
  const vault = useWorkflowVault();
  const ledger = useCapability('ledger-submission');
  const items = vault.data ?? [];
  const registered = items.filter((item) => trackWorkflowStatus(item) === 'registered' && !ledgerWait(item)).length;
  const waiting = items.filter((item) => ledgerWait(item)).length;

  return (
    <section className="oracle-panel" aria-labelledby="oracle-title">
      <div className="header-row panel-header">
        <div>
          <PanelTitle id="oracle-title" icon="pi-shield">
            Copyright Oracle
          </PanelTitle>
          <p className="muted">
            Each track's workflow: master it if you like (mastering is optional), run the eight-stage copyright check, and register the cleared
            file{ledger.available ? ' on the XRP Ledger.' : `. ${ledger.reason ?? ''}`}
          </p>
        </div>
        {vault.isSuccess && (
          <div className="oracle-panel__counts">
            <Tag value={`${items.length} ${items.length === 1 ? 'track' : 'tracks'}`} severity="info" />
            <Tag value={`${registered} registered`} severity="success" />
            {waiting > 0 && <Tag value={`${waiting} waiting for the ledger`} severity="warning" />}
          </div>
        )}
      </div>

      {vault.isPending && (
        <div className="workflow-grid" aria-busy="true" aria-label="Loading your tracks">
          {[0, 1, 2].map((index) => (
            <Card key={index}>
              <Skeleton width="60%" height="1.5rem" className="oracle-panel__skeleton-line" />
              <Skeleton height="4rem" />
            </Card>
          ))}
        </div>
      )}

      {vault.isError && <Message severity="error" text={`Your tracks could not be loaded: ${errorMessage(vault.error, 'unknown error')}`} />}

      {vault.isSuccess && items.length === 0 && (
        <Card className="empty-state">
          <i className="pi pi-inbox empty-state__icon" aria-hidden="true" />
          <h3>No tracks yet</h3>
          <p className="muted">Upload music, video, images or text; each upload gets its own workflow here.</p>
          <Button label="Upload content" icon="pi pi-cloud-upload" onClick={() => changeTab('upload')} />
        </Card>
      )}

      {items.length > 0 && (
        <div className="workflow-grid">
          {items.map((item) => (
            <WorkflowTrackCard key={item.id} item={item} contractAction={contractAction?.(item)} />
          ))}
        </div>
      )}
    </section>
  );
}
