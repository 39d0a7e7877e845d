// The full pages of areas that are not built yet (spec 3 §2.1 route table). Each says what the
// page is for and that it is not available; nothing pretends to work.
import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import { NotAvailablePanel } from '../../components/ui/not-available-panel';
import { PageFrame } from './page-frame';

type Area = 'dispute-management';

const AREAS: Record<Area, { title: string; icon: string; summary: string; plans: string[] }> = {
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
