// The Licensing Marketplace page, /licensing-marketplace: public; a signed-in
// user also sees their licenses, offers and sales there.
import { LicensingMarketplace } from '../../features/licensing-marketplace/components/licensing-marketplace';
import { useCurrentUser } from '../../lib/auth';
import { PageFrame } from './page-frame';

export function LicensingMarketplaceRoute() {
  const { user } = useCurrentUser();
  return (
    <PageFrame>
      <LicensingMarketplace key={user?.id ?? 'visitor'} user={user} />
    </PageFrame>
  );
}
