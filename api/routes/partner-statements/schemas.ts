// The payable money routes' schemas: the payloads of domain/contracts/partner-statements.ts and the
// import's multipart form (the statement CSV, as the creators' upload takes it).
export { partnerIdParamsSchema, payableImportResponseSchema, reconciliationListSchema, recordFundsRequestSchema, recordFundsResponseSchema } from '../../../domain/contracts/partner-statements';
export { statementFormSchema } from '../statements/schemas';
