// /references/holds: a rights holder's holds on their references, released or claimed from here.
import { ReferenceHoldsPage } from '../../features/reference-holds/components/reference-holds-page';
import { PageFrame } from './page-frame';

export function ReferenceHoldsRoute() {
  return (
    <PageFrame>
      <ReferenceHoldsPage />
    </PageFrame>
  );
}
