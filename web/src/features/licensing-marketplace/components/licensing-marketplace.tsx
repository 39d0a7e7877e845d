// The Licensing Marketplace page, public: anyone browses the offered
// licenses; a signed-in user also has the tabs My licenses and My offers & sales. The address keeps
// ?workId= (the registry's License button: only that work's offers) and ?tab= (licenses or offers;
// Stripe Checkout returns to ?tab=licenses, or with ?cancelled=1 when the buyer gave up paying).
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { User } from '../../../../../domain/contracts/auth';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { PanelTitle } from '../../../components/ui/panel-title';
import { useVault } from '../../../lib/track/api/get-vault';
import type { Viewer } from '../labels';
import '../licensing-marketplace.css';
import { BrowseLicenses } from './browse-licenses';
import { MyLicensesTab } from './my-licenses-tab';
import { MyOffersTab } from './my-offers-tab';

export const MARKETPLACE_TABS = ['browse', 'licenses', 'offers'] as const;
type MarketplaceTab = (typeof MARKETPLACE_TABS)[number];

export function LicensingMarketplace({ user }: { user: User | null }) {
  const vault = useVault({ enabled: user !== null });
  return <LicensingMarketplaceScreen user={user} items={user ? (vault.data ?? []) : []} />;
}

/** The page from the viewer and their content, so it renders the same in tests. */
export function LicensingMarketplaceScreen({ user, items }: { user: User | null; items: readonly VaultItem[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const workId = searchParams.get('workId');
  const requested = searchParams.get('tab');
  const tab: MarketplaceTab = user && MARKETPLACE_TABS.includes(requested as MarketplaceTab) ? (requested as MarketplaceTab) : 'browse';
  const viewer = useMemo<Viewer | null>(() => (user ? { username: user.username, ownWorkIds: new Set(items.map((item) => item.id)) } : null), [user, items]);

  const update = (change: (params: URLSearchParams) => void) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      change(next);
      return next;
    });
  const showTab = (next: MarketplaceTab) => update((params) => (next === 'browse' ? params.delete('tab') : params.set('tab', next)));

  const browse = <BrowseLicenses viewer={viewer} workId={workId} onClearWork={() => update((params) => params.delete('workId'))} onPurchased={() => showTab('licenses')} />;

  return (
    <section className="licensing-marketplace" aria-labelledby="licensing-marketplace-title">
      <div className="panel-header">
        <PanelTitle id="licensing-marketplace-title" icon="pi-shopping-bag">
          Licensing Marketplace
        </PanelTitle>
        <p className="muted">
          Licenses for registered works, offered by their owners. Each sale issues a signed license certificate and a licensing proof, and its
          revenue goes to the work's royalty contract.
        </p>
      </div>
      {searchParams.get('cancelled') === '1' && (
        <Message severity="warn" text="The card payment was cancelled: no license was issued and nothing was charged." />
      )}
      {user ? (
        <TabView scrollable activeIndex={MARKETPLACE_TABS.indexOf(tab)} onTabChange={(event) => showTab(MARKETPLACE_TABS[event.index] ?? 'browse')}>
          <TabPanel header="Browse licenses" leftIcon="pi pi-search">
            {browse}
          </TabPanel>
          <TabPanel header="My licenses" leftIcon="pi pi-file">
            {tab === 'licenses' && <MyLicensesTab />}
          </TabPanel>
          <TabPanel header="My offers & sales" leftIcon="pi pi-tags">
            {tab === 'offers' && <MyOffersTab items={items} />}
          </TabPanel>
        </TabView>
      ) : (
        browse
      )}
    </section>
  );
}
