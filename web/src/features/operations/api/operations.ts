// The operations page's calls (operators only): failed ledger steps, stuck or failing workflows,
// the mail outbox, releases waiting for the delivery partner, and the retries of a failed
// registration and of a waiting delivery. Answers are parsed with the schemas of
// domain/contracts/operations.ts; the websocket's `operations` read model invalidates OPERATIONS_KEY.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retryResponseSchema } from '../../../../../domain/contracts/lifecycle';
import { deliveryRetryResponseSchema, ledgerFailuresResponseSchema, outboxResponseSchema, waitingDeliveriesResponseSchema, workflowsResponseSchema } from '../../../../../domain/contracts/operations';
import { reconciliationListSchema } from '../../../../../domain/contracts/partner-statements';
import { getParsed, requestParsed, retryUnlessRefused } from '../../../lib/api-client';
import { OPERATIONS_KEY } from '../../../lib/query-keys';

const LEDGER_FAILURES_URL = '/api/ops/ledger-failures';
const WORKFLOWS_URL = '/api/ops/workflows';
const OUTBOX_URL = '/api/ops/outbox';
const DELIVERIES_URL = '/api/ops/deliveries';
const RECONCILIATION_URL = '/api/ops/reconciliation';

export function useLedgerFailures(enabled: boolean) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, 'ledger-failures'],
    queryFn: ({ signal }) => getParsed(ledgerFailuresResponseSchema, LEDGER_FAILURES_URL, { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** Temporal's visibility is not an event the websocket hears: refetched on focus and by the Refresh button. */
export function useTroubledWorkflows(enabled: boolean) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, 'workflows'],
    queryFn: ({ signal }) => getParsed(workflowsResponseSchema, WORKFLOWS_URL, { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, 'outbox'],
    queryFn: ({ signal }) => getParsed(outboxResponseSchema, OUTBOX_URL, { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** Claimed, funded, released and unreconciled per partner and period (docs/royalties.md). */
export function useReconciliation(enabled: boolean) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, 'reconciliation'],
    queryFn: ({ signal }) => getParsed(reconciliationListSchema, RECONCILIATION_URL, { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** Hands a failed registration back to its workflow; the server names the signed-in operator in the retry event. */
export function useRetryRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackId: string) =>
      requestParsed(retryResponseSchema, 'POST', `/api/ops/tracks/${encodeURIComponent(trackId)}/retry-registration`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPERATIONS_KEY }),
  });
}

/** Releases waiting for the delivery partner; the websocket's distributions changes do not reach operators, so refetched on focus and after a Retry. */
export function useWaitingDeliveries(enabled: boolean) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, 'deliveries'],
    queryFn: ({ signal }) => getParsed(waitingDeliveriesResponseSchema, DELIVERIES_URL, { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** Hands a waiting delivery back to its release's workflow, which tries the partner again now. */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (distributionId: string) => requestParsed(deliveryRetryResponseSchema, 'POST', `${DELIVERIES_URL}/${encodeURIComponent(distributionId)}/retry`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPERATIONS_KEY }),
  });
}
