// Request and response schemas of the account settings routes, from domain/contracts/account.ts.
// A session is named by its public id through the shared id params.
export {
  accountResponseSchema,
  accountSessionsResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  confirmEmailRequestSchema,
  confirmEmailResponseSchema,
  removeEmailResponseSchema,
  requestEmailRequestSchema,
  requestEmailResponseSchema,
  revokeSessionResponseSchema,
} from '../../../domain/contracts/account';
export { idParams as sessionParams } from '../shared-schemas';
