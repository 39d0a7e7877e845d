// GET /api/capabilities: what this server can really do now (domain/platform/capabilities.ts).
import { z } from 'zod';
import { CAPABILITY_IDS } from '../platform/capabilities';

export const capabilitySchema = z.object({
  available: z.boolean(),
  name: z.string(),
  reason: z.string().nullable().describe('When off: one line in plain words; null when on'),
});

export const capabilitiesResponseSchema = z.object({ capabilities: z.record(z.enum(CAPABILITY_IDS), capabilitySchema) });
export type CapabilitiesResponse = z.infer<typeof capabilitiesResponseSchema>;
