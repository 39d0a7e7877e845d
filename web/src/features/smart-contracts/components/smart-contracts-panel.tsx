// The Smart Contracts screen: the header's Create Smart Contract and
// Distribute Royalties dialogs, the Ready for Smart Contracts grid of registered content (content
// with an XRPL hash, from the vault list), and the five tabs — Library, Smart Contracts, Royalty
// Receivers, Royalty History, Analytics — all from the server and kept live by the websocket.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Skeleton } from 'primereact/skeleton';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import { useAtom } from 'jotai';
import { useState } from 'react';
import type { Contract } from '../../../../../domain/contracts/royalties';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { PanelTitle } from '../../../components/ui/panel-title';
import { useContracts } from '../../../lib/track/api/create-contract';
import { useVault } from '../../../lib/track/api/get-vault';
import { SMART_CONTRACT_TABS, smartContractTabAtom } from '../atoms';
import { contractStanding, registeredContent, shortHash } from '../labels';
import '../smart-contracts.css';
import { AnalyticsTab } from './analytics-tab';
import { ContractsTab } from './contracts-tab';
import { CreateContractDialog } from './create-contract-dialog';
import { DistributeRoyaltiesDialog } from './distribute-royalties-dialog';
import { HistoryTab } from './history-tab';
import { LibraryTab } from './library-tab';
import { ReceiversTab } from './receivers-tab';

const TAB_HEADERS = ['Library', 'Smart Contracts', 'Royalty Receivers', 'Royalty History', 'Analytics'] as const;

export function SmartContractsPanel() {
  const vault = useVault({ enabled: true });
  const contracts = useContracts({ enabled: true });
  return (
    <SmartContractsScreen
      items={vault.data ?? []}
      itemsLoading={vault.isPending}
      contracts={contracts.data ?? []}
      contractsStatus={contracts.status}
      contractsError={contracts.error}
    />
  );
}

interface SmartContractsScreenProps {
  items: readonly VaultItem[];
  /** The vault list has not answered yet: the Library and Receivers tabs wait rather than say "nothing registered". */
  itemsLoading?: boolean;
  contracts: readonly Contract[];
  contractsStatus: 'pending' | 'error' | 'success';
  contractsError?: unknown;
}

/** The screen from its two lists, so it renders the same in tests. */
export function SmartContractsScreen({ items, itemsLoading = false, contracts, contractsStatus, contractsError }: SmartContractsScreenProps) {
  const [activeTab, setActiveTab] = useAtom(smartContractTabAtom);
  const activeIndex = SMART_CONTRACT_TABS.indexOf(activeTab);
  const [createFor, setCreateFor] = useState<{ contentId: string | null } | null>(null);
  const [distributeOpen, setDistributeOpen] = useState(false);
  const contracted = new Set(contracts.map((contract) => contract.contentId));
  const contractOf = new Map(contracts.map((contract) => [contract.contentId, contract]));
  const registered = registeredContent(items);
  const openCreate = (contentId: string | null = null) => setCreateFor({ contentId });

  return (
    <section className="smart-contracts-panel" aria-labelledby="smart-contracts-title">
      <div className="header-row panel-header">
        <div>
          <PanelTitle id="smart-contracts-title" icon="pi-file-edit">
            Smart Contracts
          </PanelTitle>
          <p className="muted">
            Royalty contracts for your registered content: signed terms, anchored on the XRP Ledger once their deploy payment reaches it,
            receivers who accept their share, and payouts of your earnings.
          </p>
        </div>
        <div className="panel-header__tools button-row">
          <Button label="Create Smart Contract" icon="pi pi-plus" onClick={() => openCreate()} />
          <Button label="Distribute Royalties" icon="pi pi-send" outlined onClick={() => setDistributeOpen(true)} />
        </div>
      </div>

      {registered.length > 0 && (
        <section className="ready-grid" aria-labelledby="ready-title">
          <h3 id="ready-title" className="section-title">
            Ready for Smart Contracts
          </h3>
          <ul className="grid-list">
            {registered.map((item) => (
              <li key={item.id}>
                <Card className="ready-card">
                  <strong>{item.title}</strong>
                  <span className="muted small">
                    {item.contentType} · XRPL <code>{shortHash(item.xrplTxHash ?? '')}</code>
                  </span>
                  {contractOf.has(item.id) ? (
                    <ContractTag contract={contractOf.get(item.id)!} />
                  ) : (
                    <Button label="Create Smart Contract" icon="pi pi-file-edit" size="small" onClick={() => openCreate(item.id)} />
                  )}
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}

      <TabView className="smart-contracts-tabs" activeIndex={activeIndex} onTabChange={(event) => setActiveTab(SMART_CONTRACT_TABS[event.index] ?? 'library')}>
        <TabPanel header={TAB_HEADERS[0]} leftIcon="pi pi-book">
          {itemsLoading ? <Skeleton height="8rem" aria-label="Loading your content" /> : <LibraryTab items={items} contracted={contracted} onCreateContract={openCreate} />}
        </TabPanel>
        <TabPanel header={TAB_HEADERS[1]} leftIcon="pi pi-file-edit">
          <ContractsTab status={contractsStatus} contracts={contracts} error={contractsError} onCreate={() => openCreate()} />
        </TabPanel>
        <TabPanel header={TAB_HEADERS[2]} leftIcon="pi pi-users">
          {itemsLoading ? <Skeleton height="8rem" aria-label="Loading your content" /> : <ReceiversTab items={registered} />}
        </TabPanel>
        <TabPanel header={TAB_HEADERS[3]} leftIcon="pi pi-history">
          <HistoryTab />
        </TabPanel>
        <TabPanel header={TAB_HEADERS[4]} leftIcon="pi pi-chart-bar">
          <AnalyticsTab />
        </TabPanel>
      </TabView>

      <CreateContractDialog
        visible={createFor !== null}
        onHide={() => setCreateFor(null)}
        items={items}
        contracts={contracts}
        initialContentId={createFor?.contentId ?? null}
        onCreated={() => setActiveTab('contracts')}
      />
      <DistributeRoyaltiesDialog visible={distributeOpen} onHide={() => setDistributeOpen(false)} contracts={contracts} />
    </section>
  );
}

/** A ready card's contract, said as it stands (a contract the ledger does not hold is not just "active"). */
function ContractTag({ contract }: { contract: Contract }) {
  const standing = contractStanding(contract);
  return <Tag value={`Contract: ${standing.label}`} severity={standing.severity} icon="pi pi-check" />;
}
