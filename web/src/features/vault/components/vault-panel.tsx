// The vault tab, 'My Content Vault': the signed-in user's content, filterable by
// type, updating live as workflows progress; visitors see three demo items, marked as such.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useState } from 'react';
import type { ContentType } from '../../../../../domain/constants';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { openSignup } from '../../../lib/app-events';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { useVault } from '../../../lib/track/api/get-vault';
import { DEMO_VAULT_ITEMS } from '../../../lib/track/demo-items';
import { VaultCard } from './vault-card';

type TypeFilter = 'all' | ContentType;

const FILTER_OPTIONS: { label: string; value: TypeFilter }[] = [
  { label: 'All Types', value: 'all' },
  { label: 'Music', value: 'music' },
  { label: 'Video', value: 'video' },
  { label: 'Images', value: 'image' },
  { label: 'Text', value: 'text' },
];

export function VaultPanel({ signedIn }: { signedIn: boolean }) {
  const changeTab = useChangeTab();
  const [filter, setFilter] = useState<TypeFilter>('all');
  const vault = useVault({ enabled: signedIn });
  const items: VaultItem[] = signedIn ? (vault.data ?? []) : DEMO_VAULT_ITEMS;
  const shown = filter === 'all' ? items : items.filter((item) => item.contentType === filter);

  return (
    <section className="vault-panel" aria-labelledby="vault-title">
      <div className="header-row panel-header">
        <div>
          <PanelTitle id="vault-title" icon="pi-lock">
            My Content Vault
          </PanelTitle>
          <p className="muted">
            {signedIn
              ? `${items.length} ${items.length === 1 ? 'item' : 'items'} · progress updates live as each workflow runs`
              : 'Demo content: sign up to keep your own work here.'}
          </p>
        </div>
        <div className="panel-header__tools">
          <label htmlFor="vault-type-filter" className="visually-hidden">
            Filter by type
          </label>
          <Dropdown
            inputId="vault-type-filter"
            value={filter}
            options={FILTER_OPTIONS}
            onChange={(event) => setFilter(event.value as TypeFilter)}
            aria-label="Filter by type"
          />
        </div>
      </div>

      {!signedIn && (
        <Message
          severity="info"
          className="vault-panel__demo-note"
          content={
            <div className="demo-note">
              <i className="pi pi-info-circle" aria-hidden="true" />
              <span>These three items are demo content, not real uploads. Create an account to upload and keep your own work.</span>
              <Button label="Sign Up" size="small" icon="pi pi-user-plus" onClick={openSignup} />
            </div>
          }
        />
      )}

      {signedIn && vault.isPending && (
        <div className="vault-grid" aria-busy="true" aria-label="Loading your vault">
          {[0, 1, 2].map((index) => (
            <Card key={index}>
              <Skeleton width="60%" height="1.5rem" style={{ marginBottom: '0.5rem' }} />
              <Skeleton width="40%" style={{ marginBottom: '1rem' }} />
              <Skeleton height="4rem" />
            </Card>
          ))}
        </div>
      )}

      {signedIn && vault.isError && (
        <Message severity="error" text={`Your vault could not be loaded: ${errorMessage(vault.error, 'unknown error')}`} />
      )}

      {signedIn && vault.isSuccess && items.length === 0 && (
        <Card className="empty-state">
          <i className="pi pi-inbox empty-state__icon" aria-hidden="true" />
          <h3>Your vault is empty</h3>
          <p className="muted">Upload music, video, images or text and it will appear here while it is processed.</p>
          <Button label="Upload content" icon="pi pi-cloud-upload" onClick={() => changeTab('upload')} />
        </Card>
      )}

      {items.length > 0 && shown.length === 0 && (
        <Card className="empty-state">
          <h3>No {FILTER_OPTIONS.find((option) => option.value === filter)?.label.toLowerCase()} in your vault</h3>
          <Button label="Show all types" text onClick={() => setFilter('all')} />
        </Card>
      )}

      {shown.length > 0 && (
        <div className="vault-grid">
          {shown.map((item) => (
            <VaultCard key={item.id} item={item} demo={!signedIn} />
          ))}
        </div>
      )}
    </section>
  );
}
