// The operations routes' answers: the payloads of domain/contracts/operations.ts, named here the way
// every route area names its schemas.
export { retryRequestSchema, retryResponseSchema } from '../../../domain/contracts/lifecycle';
export { deliveryRetryResponseSchema, ledgerFailuresResponseSchema, outboxResponseSchema, waitingDeliveriesResponseSchema, roleChangeRequestSchema, roleChangeResponseSchema, workflowsResponseSchema } from '../../../domain/contracts/operations';

/** Newest outbox messages answered. */
export const OUTBOX_LIMIT = 200;
