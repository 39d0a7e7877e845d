// The Developer tab: the header's Documentation and Create API Key, the
// new key's 30-s reveal, and the five tabs — Overview, API Keys, Usage, Security, Pricing — all
// from the server (GET /api/developer/keys, /usage, /pricing) and kept live by the websocket.
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import type { ApiKey, ApiPricingResponse, ApiUsageResponse, CreateApiKeyResponse } from '../../../../../domain/contracts/developer';
import { PanelTitle } from '../../../components/ui/panel-title';
import { useToast } from '../../../components/ui/toast';
import { useApiKeys, useApiPricing, useApiUsage } from '../api/developer';
import { NOTHING_REVEALED, useNewKeyReveal, type RevealState } from '../new-key-reveal';
import '../developer.css';
import { ApiKeysTab, NewKeyReveal } from './api-keys-tab';
import { CreateKeyDialog } from './create-key-dialog';
import { DocumentationDialog } from './documentation-dialog';
import { OverviewTab } from './overview-tab';
import { PricingTab } from './pricing-tab';
import { SecurityTab } from './security-tab';
import { UsageTab } from './usage-tab';

export const DEVELOPER_TABS = ['Overview', 'API Keys', 'Usage', 'Security', 'Pricing'] as const;
const KEYS_TAB = DEVELOPER_TABS.indexOf('API Keys');

type Status = 'pending' | 'error' | 'success';

export function DeveloperPanel() {
  const toast = useToast();
  const keys = useApiKeys({ enabled: true });
  const usage = useApiUsage({ enabled: true });
  const pricing = useApiPricing();
  const { state: reveal, controller } = useNewKeyReveal();
  const copy = async () => {
    if (!(await controller.copy(navigator.clipboard))) toast.show({ severity: 'error', summary: 'Copy failed', detail: 'Could not copy to clipboard' });
  };
  return (
    <DeveloperScreen
      keys={{ status: keys.status, data: keys.data, error: keys.error }}
      usage={{ status: usage.status, data: usage.data, error: usage.error }}
      pricing={{ status: pricing.status, data: pricing.data, error: pricing.error }}
      reveal={reveal}
      onCreated={(answer: CreateApiKeyResponse) => controller.show(answer.apiKey)}
      onCopy={() => void copy()}
    />
  );
}

interface Read<T> {
  status: Status;
  data: T | undefined;
  error: unknown;
}

interface DeveloperScreenProps {
  keys: Read<ApiKey[]>;
  usage: Read<ApiUsageResponse>;
  pricing: Read<ApiPricingResponse['tiers']>;
  reveal?: RevealState;
  onCreated?(answer: CreateApiKeyResponse): void;
  onCopy?(): void;
  /** The tab to open on (render tests). */
  initialTab?: number;
}

/** The screen from its three reads, so it renders the same in tests. */
export function DeveloperScreen({ keys, usage, pricing, reveal = NOTHING_REVEALED, onCreated, onCopy, initialTab = 0 }: DeveloperScreenProps) {
  const [activeIndex, setActiveIndex] = useState(initialTab);
  const [createOpen, setCreateOpen] = useState(false);
  const [docsOpen, setDocsOpen] = useState(false);
  const openCreate = () => setCreateOpen(true);
  const liveKeys = keys.data ?? [];

  return (
    <section className="developer-panel" aria-labelledby="developer-title">
      <div className="header-row panel-header">
        <div>
          <PanelTitle id="developer-title" icon="pi-code">
            Developer API
          </PanelTitle>
          <p className="muted">API keys for your own programs: call the copyright oracle and create royalty contracts, within your tier&apos;s limits.</p>
        </div>
        <div className="panel-header__tools button-row">
          <Button label="Documentation" icon="pi pi-book" outlined onClick={() => setDocsOpen(true)} />
          <Button label="Create API Key" icon="pi pi-plus" onClick={openCreate} />
        </div>
      </div>

      {reveal.revealed && <NewKeyReveal keyName={reveal.revealed.keyName} keyValue={reveal.revealed.keyValue} copied={reveal.copied} onCopy={() => onCopy?.()} />}

      <TabView className="developer-tabs" activeIndex={activeIndex} onTabChange={(event) => setActiveIndex(event.index)}>
        <TabPanel header={DEVELOPER_TABS[0]} leftIcon="pi pi-home">
          <OverviewTab keys={keys.data} />
        </TabPanel>
        <TabPanel header={DEVELOPER_TABS[1]} leftIcon="pi pi-key">
          <ApiKeysTab status={keys.status} keys={liveKeys} error={keys.error} shownOnceId={reveal.shownOnceId} onCreate={openCreate} />
        </TabPanel>
        <TabPanel header={DEVELOPER_TABS[2]} leftIcon="pi pi-chart-line">
          <UsageTab status={usage.status} usage={usage.data} error={usage.error} />
        </TabPanel>
        <TabPanel header={DEVELOPER_TABS[3]} leftIcon="pi pi-lock">
          <SecurityTab keys={liveKeys} />
        </TabPanel>
        <TabPanel header={DEVELOPER_TABS[4]} leftIcon="pi pi-dollar">
          <PricingTab status={pricing.status} tiers={pricing.data} error={pricing.error} />
        </TabPanel>
      </TabView>

      <CreateKeyDialog
        visible={createOpen}
        onHide={() => setCreateOpen(false)}
        onCreated={(answer) => {
          setActiveIndex(KEYS_TAB);
          onCreated?.(answer);
        }}
      />
      <DocumentationDialog visible={docsOpen} onHide={() => setDocsOpen(false)} />
    </section>
  );
}
