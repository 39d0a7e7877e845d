// The track routes' requests and answers: the payloads of domain/contracts/lifecycle.ts.
export { trackHistoryQuerySchema, trackHistorySchema } from '../../../domain/contracts/lifecycle';
