// The analytics route's query (the period) and answer, from the analytics contract.
export { analyticsQuerySchema, analyticsSchema } from '../../../domain/contracts/analytics';
