// Request and response schemas of the legal-document routes, from domain/contracts/knowledge.ts.
import { errorResponseSchema } from '../../../domain/contracts/auth';
import {
  acceptTermsBodySchema,
  acceptTermsResponseSchema,
  legalDocumentParamsSchema,
  legalDocumentSchema,
  legalDocumentsResponseSchema,
} from '../../../domain/contracts/knowledge';

export const listSchema = { response: { 200: legalDocumentsResponseSchema } };
export const documentSchema = { params: legalDocumentParamsSchema, response: { 200: legalDocumentSchema, 404: errorResponseSchema } };
export const acceptSchema = { body: acceptTermsBodySchema, response: { 200: acceptTermsResponseSchema, 400: errorResponseSchema } };
