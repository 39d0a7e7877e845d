// The mastering routes' requests and answers (most are payloads of domain/contracts/lifecycle.ts).
import { z } from 'zod';
import { MASTER_DEFAULTS, MASTER_LOUDNESS_LEVELS, MASTER_STYLES } from '../../../domain/constants';
export { masterRequestSchema, masterResponseSchema, startMasteringResponseSchema, statusPatchSchema } from '../../../domain/contracts/lifecycle';

/** The workspace's start: style and loudness, the defaults where left out (the format is always the default's). */
export const startMasteringBodySchema = z
  .object({
    style: z.enum(MASTER_STYLES).default(MASTER_DEFAULTS.style),
    loudness: z.enum(MASTER_LOUDNESS_LEVELS).default(MASTER_DEFAULTS.loudness),
  })
  .default({ style: MASTER_DEFAULTS.style, loudness: MASTER_DEFAULTS.loudness });

/** A master handed to the workflow: its id, to follow over the websocket and in the vault. */
export const masterStartedSchema = z.object({ success: z.literal(true), masterId: z.string() });

export const statusPatchResponseSchema = z.object({ success: z.literal(true), id: z.string(), status: z.literal('mastering'), masterId: z.string() });

