// The registry routes' requests and answers: the payloads of domain/contracts/registry.ts.
export { setIdentifiersRequestSchema, workDetailResponseSchema, workSearchQuerySchema, workSearchResponseSchema } from '../../../domain/contracts/registry';
