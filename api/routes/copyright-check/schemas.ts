// The copyright check routes' requests and answers: the payloads of domain/contracts/lifecycle.ts.
export { copyrightCheckListSchema, copyrightCheckResponseSchema, reviewRequestBodySchema, reviewRequestResponseSchema } from '../../../domain/contracts/lifecycle';
