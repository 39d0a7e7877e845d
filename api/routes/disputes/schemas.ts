// Request shapes of the dispute routes that are not payloads of domain/contracts/disputes.ts.
import { z } from 'zod';
import { idParams } from '../shared-schemas';
import { EVIDENCE_TYPES } from '../../../domain/contracts/disputes';

export const evidenceParamsSchema = idParams.extend({ evidenceId: z.string().min(1).max(200) });

/** Documents the evidence form for the OpenAPI page; the parts are read as a stream, not parsed into a body. */
export const evidenceFormSchema = z.object({
  file: z.string().optional().describe('The evidence file (optional): sniffed, hashed and stored'),
  type: z.enum(EVIDENCE_TYPES).optional(),
  description: z.string().optional(),
});
