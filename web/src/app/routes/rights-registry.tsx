// /rights-registry: public. The address is the search's state: the page reads
// its query, filters and the open work (?work=<id>) from it and writes every change back.
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RightsRegistryPage } from '../../features/rights-registry/components/rights-registry-page';
import { paramsFromSearch, searchFromParams } from '../../features/rights-registry/registry-search';
import { useCurrentUser } from '../../lib/auth';
import { PageFrame } from './page-frame';

export function RightsRegistryRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const search = searchFromParams(params);
  const openWorkId = params.get('work');
  return (
    <PageFrame>
      <RightsRegistryPage
        search={search}
        openWorkId={openWorkId}
        viewer={user?.username ?? null}
        onSearch={(next) => setParams(paramsFromSearch(next, openWorkId))}
        onOpenWork={(workId) => setParams(paramsFromSearch(search, workId))}
        onNavigate={(url) => navigate(url)}
      />
    </PageFrame>
  );
}
