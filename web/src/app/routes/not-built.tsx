// The full pages of areas that are not built yet (spec 3 §2.1 route table). Each says what the
// page is for and that it is not available; nothing pretends to work.
import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import { NotAvailablePanel } from '../../components/ui/not-available-panel';
import { PageFrame } from './page-frame';

type Area = 'rights-registry' | 'proof-explorer' | 'licensing-marketplace' | 'dispute-management';

const AREAS: Record<Area, { title: string; icon: string; summary: string; plans: string[] }> = {
  'rights-registry': {
    title: 'Rights Registry Search',
    icon: 'pi-search',
    summary: 'The rights registry is not built yet, so there are no registered works to search.',
    plans: ['Search registered works by title, creator and identifiers', 'Filters by content type, verification level and genre'],
  },
  'proof-explorer': {
    title: 'Proof Explorer',
    icon: 'pi-verified',
    summary: 'The proof explorer is not built yet, so there are no proofs to look up.',
    plans: ['Creation, ownership, licensing and transfer proofs', 'Blockchain, signature and evidence details per proof'],
  },
  'licensing-marketplace': {
    title: 'Licensing Marketplace',
    icon: 'pi-shopping-bag',
    summary: 'The licensing marketplace is not built yet, so no licenses are offered.',
    plans: ['Licenses for registered works with smart-contract terms', 'Payment by card, tokens or XRP'],
  },
  'dispute-management': {
    title: 'Dispute Management',
    icon: 'pi-flag',
    summary: 'Dispute management is not built yet, so disputes cannot be filed or followed here.',
    plans: ['Filing disputes with evidence', 'Status, messages, timeline and resolution per dispute'],
  },
};

export function NotBuiltRoute({ area }: { area: Area }) {
  const config = AREAS[area];
  const navigate = useNavigate();
  return (
    <PageFrame>
      <NotAvailablePanel title={config.title} icon={config.icon} summary={config.summary} plans={config.plans}>
        <div className="button-row">
          <Button label="Back to the dashboard" icon="pi pi-arrow-left" onClick={() => navigate('/')} />
        </div>
      </NotAvailablePanel>
    </PageFrame>
  );
}
