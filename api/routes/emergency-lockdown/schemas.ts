// The emergency lockdown routes' payloads: those of domain/contracts/lockdown.ts, named here the
// way every route area names its schemas.
export { lockdownRequestSchema, lockdownResponseSchema, reinstateRequestSchema, reinstateResponseSchema, suspendedAccountsResponseSchema } from '../../../domain/contracts/lockdown';
