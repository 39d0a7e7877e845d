// Schemas of the data export routes, built from the account-data contract.
export { accountExportListSchema, accountExportStartedSchema } from '../../../domain/contracts/account-data';
export { idParams } from '../shared-schemas';
