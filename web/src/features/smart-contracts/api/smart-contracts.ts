// The Smart Contracts screen's calls:
// a contract's detail (signed terms) and terms PDF, creating a contract from the Create dialog,
// running a contract's trigger, the Distribute Royalties dialog, and the payout history and
// analytics. The contracts list itself is the track workflow's (same key, same cache entry).
// Every answer is parsed with its schema from domain/contracts/royalties.ts; the websocket
// invalidates these keys when the royalties read model changes, so nothing here polls.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  contractDetailSchema,
  createContractResponseSchema,
  executeContractResponseSchema,
  payoutHistorySchema,
  royaltyAnalyticsSchema,
  type CreateContractRequest,
} from '../../../../../domain/contracts/royalties';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import {
  ROYALTY_ANALYTICS_KEY,
  ROYALTY_HISTORY_KEY,
  SMART_CONTRACTS_KEY,
  TOKEN_BALANCE_KEY,
  TOKEN_TRANSACTIONS_KEY,
  USER_KEY,
  VAULT_KEY,
} from '../../../lib/query-keys';

export type ContractDetail = z.infer<typeof contractDetailSchema>;
export type CreateContractResponse = z.infer<typeof createContractResponseSchema>;
export type ExecuteContractResponse = z.infer<typeof executeContractResponseSchema>;
export type RoyaltyAnalytics = z.infer<typeof royaltyAnalyticsSchema>;


export const contractUrl = (contractId: string) => `${SMART_CONTRACTS_KEY[0]}/${encodeURIComponent(contractId)}`;
/** The signed terms as a PDF (opened in a new tab with the session cookie). */
export const contractTermsPdfUrl = (contractId: string) => `${contractUrl(contractId)}/terms.pdf`;

/** A contract with its signed terms; under SMART_CONTRACTS_KEY, so any contract change refetches it. */
export function useContractDetail(contractId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...SMART_CONTRACTS_KEY, contractId],
    queryFn: ({ signal }) => getParsed(contractDetailSchema, contractUrl(contractId), { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

export async function createContract(request: CreateContractRequest): Promise<CreateContractResponse> {
  return requestParsed(createContractResponseSchema, 'POST', '/api/smart-contracts/create', request);
}

/** Creating pays the deploy price from the creator's XRPL account: never resent on its own. */
export function useCreateContract() {
  return useOneShotMutation(createContract, [SMART_CONTRACTS_KEY, VAULT_KEY, ROYALTY_ANALYTICS_KEY]);
}

/** What a payout changes: the contracts, the history and analytics, and the payees' token balances. */
const PAYOUT_REFRESHES = [SMART_CONTRACTS_KEY, ROYALTY_HISTORY_KEY, ROYALTY_ANALYTICS_KEY, TOKEN_BALANCE_KEY, TOKEN_TRANSACTIONS_KEY, USER_KEY] as const;

export async function executeContract(contractId: string): Promise<ExecuteContractResponse> {
  return requestParsed(executeContractResponseSchema, 'POST', `${contractUrl(contractId)}/execute`, { triggerCondition: 'manual' });
}

/** Runs the contract's trigger (a payout of what is pending, if due): never resent on its own. */
export function useExecuteContract() {
  return useOneShotMutation(executeContract, PAYOUT_REFRESHES);
}

export async function distributeRoyalties(request: { contractId: string; amount: number }): Promise<ExecuteContractResponse> {
  return requestParsed(executeContractResponseSchema, 'POST', '/api/royalty-distribution/distribute', request);
}

/** Pays `amount` dollars of a contract's pending earnings: never resent on its own. */
export function useDistributeRoyalties() {
  return useOneShotMutation(distributeRoyalties, PAYOUT_REFRESHES);
}

/** The creator's payout runs with their lines, newest first as the server lists them. */
export function usePayoutHistory({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ROYALTY_HISTORY_KEY,
    queryFn: async ({ signal }) => (await getParsed(payoutHistorySchema, ROYALTY_HISTORY_KEY[0], { signal })).payouts,
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useRoyaltyAnalytics({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ROYALTY_ANALYTICS_KEY,
    queryFn: ({ signal }) => getParsed(royaltyAnalyticsSchema, ROYALTY_ANALYTICS_KEY[0], { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}
