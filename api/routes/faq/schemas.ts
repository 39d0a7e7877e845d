// Response schema of the FAQ route, from domain/contracts/knowledge.ts.
import { faqResponseSchema } from '../../../domain/contracts/knowledge';

export const faqSchema = { response: { 200: faqResponseSchema } };
