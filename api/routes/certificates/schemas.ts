// The certificate routes' requests and answers (the answers are payloads of domain/contracts/lifecycle.ts).
import { z } from 'zod';
export { certificateResponseSchema, publishedKeySchema, verificationResponseSchema } from '../../../domain/contracts/lifecycle';

/** A certificate's id, as its QR code carries it. */
export const certificateIdParams = z.object({ certificateId: z.string().min(1).max(200) });

/** json (the default) or pdf; without it, an Accept of application/pdf alone asks for the PDF. */
export const certificateQuerySchema = z.object({ format: z.enum(['json', 'pdf']).optional() });
