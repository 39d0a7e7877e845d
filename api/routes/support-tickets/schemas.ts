// Request shapes of the support ticket routes that are not payloads of domain/contracts/support.ts.
import { z } from 'zod';
import { SUPPORT_TICKET_CATEGORIES, SUPPORT_TICKET_PRIORITIES } from '../../../domain/contracts/support';
import { idParams } from '../shared-schemas';

/**
 * The new-ticket body as the route reads it: a missing title or description is not a schema error
 * but the spec's one message ('Please fill in all required fields.'), said by the route.
 */
export const openTicketBodySchema = z.object({
  title: z.string().max(200).default(''),
  description: z.string().max(10_000).default(''),
  category: z.enum(SUPPORT_TICKET_CATEGORIES).optional(),
  priority: z.enum(SUPPORT_TICKET_PRIORITIES).optional(),
});

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
