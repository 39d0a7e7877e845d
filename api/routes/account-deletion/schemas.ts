// Schemas of the account deletion routes, built from the account-data contract.
export { deleteAccountRequestSchema, deleteAccountResponseSchema, deletionStatusSchema } from '../../../domain/contracts/account-data';
