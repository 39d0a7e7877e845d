// Request shapes of the support ticket routes that are not payloads of domain/contracts/support.ts.
import { z } from 'zod';
import { idParams } from '../shared-schemas';

export const attachmentParamsSchema = idParams.extend({ attachmentId: z.string().min(1).max(200) });

/** Documents the attachment form for the OpenAPI page; the parts are read as a stream, not parsed into a body. */
export const attachmentFormSchema = z.object({
  file: z.string().optional().describe('The file: sniffed, hashed and stored, with the limits of dispute evidence'),
  message: z.string().optional().describe('Text sent with the file'),
  internal: z.enum(['true', 'false']).optional().describe('Support users: an internal note the requester never sees'),
});

export const attachmentFieldsSchema = z.object({
  message: z.string().max(10_000).default(''),
  internal: z.enum(['true', 'false']).default('false'),
});
