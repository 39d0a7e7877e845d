// The operations routes' answers: the payloads of domain/contracts/operations.ts, named here the way
// every route area names its schemas.
import { z } from 'zod';
export { deliveryRetryResponseSchema, ledgerFailuresResponseSchema, outboxResponseSchema, waitingDeliveriesResponseSchema, roleChangeRequestSchema, roleChangeResponseSchema, workflowsResponseSchema } from '../../../domain/contracts/operations';

/** Newest outbox messages answered. */
export const OUTBOX_LIMIT = 200;

export const distributionIdParams = z.object({ id: z.string().min(1) });
