// The workflow card's Smart Contract step: POST
// /api/smart-contract/create/{id} with the standard template's 85 % share, and the creator's
// contracts (GET /api/smart-contracts, the same list and cache entry as the Smart Contracts screen)
// to know which tracks a contract already covers. An unfunded XRPL account is refused with
// WALLET_NOT_FUNDED:{xrp}:{usd}.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { contractListSchema, createContractResponseSchema } from '../../../../../domain/contracts/royalties';
import { TEMPLATE_CREATOR_SHARE } from '../../../../../domain/royalties/terms';
import { getParsed, requestParsed, retryUnlessRefused } from '../../api-client';
import { useOneShotMutation } from '../../one-shot-mutation';
import { SMART_CONTRACTS_KEY, VAULT_KEY } from '../../query-keys';

export type CreateContractResponse = z.infer<typeof createContractResponseSchema>;

export async function createContractForTrack(contentId: string): Promise<CreateContractResponse> {
  return requestParsed(createContractResponseSchema, 'POST', `/api/smart-contract/create/${encodeURIComponent(contentId)}`, { royaltySplit: TEMPLATE_CREATOR_SHARE.standard_royalty });
}

/** Creating a contract pays the deploy price on the ledger: never resent on its own. */
export function useCreateContractForTrack() {
  return useOneShotMutation(createContractForTrack, [SMART_CONTRACTS_KEY, VAULT_KEY]);
}

/** The creator's contracts as the Smart Contracts screen caches them (the list itself under SMART_CONTRACTS_KEY). */
export function useContracts({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: SMART_CONTRACTS_KEY,
    queryFn: async ({ signal }) => (await getParsed(contractListSchema, SMART_CONTRACTS_KEY[0], { signal })).contracts,
    enabled,
    retry: retryUnlessRefused,
  });
}
