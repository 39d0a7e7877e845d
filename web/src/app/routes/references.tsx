// /references: a rights holder's reference catalogue (deliveries, their progress, the references).
import { ReferenceCataloguePage } from '../../features/reference-catalogue';
import { PageFrame } from './page-frame';

export function ReferencesRoute() {
  return (
    <PageFrame>
      <ReferenceCataloguePage />
    </PageFrame>
  );
}
