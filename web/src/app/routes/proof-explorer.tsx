// /proof-explorer: public. The address holds the search, the work whose proofs
// are shown (?workId=, from the registry) and the open proof (?proof=<id>).
import { useSearchParams } from 'react-router-dom';
import { ProofExplorerPage } from '../../features/proof-explorer/components/proof-explorer-page';
import { paramsFromProofSearch, proofSearchFromParams } from '../../features/proof-explorer/proof-search';
import { PageFrame } from './page-frame';

export function ProofExplorerRoute() {
  const [params, setParams] = useSearchParams();
  const search = proofSearchFromParams(params);
  const openProofId = params.get('proof');
  return (
    <PageFrame>
      <ProofExplorerPage
        search={search}
        openProofId={openProofId}
        onSearch={(next) => setParams(paramsFromProofSearch(next, openProofId))}
        onOpenProof={(proofId) => setParams(paramsFromProofSearch(search, proofId))}
      />
    </PageFrame>
  );
}
