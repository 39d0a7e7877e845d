// Events of a registered work's registry entry (stream `work-<contentId>`): the identifiers its
// owner entered. Everything else the registry shows comes from the track's own events.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

export const WorkIdentifiersSet = defineEvent(
  'WorkIdentifiersSet',
  1,
  z.object({
    workId: z.string().min(1).max(200),
    /** Normalized (no hyphens or spaces, upper case); null clears one. Only the identifiers given change. */
    isrc: z.string().nullable().optional(),
    iswc: z.string().nullable().optional(),
    isni: z.string().nullable().optional(),
    upc: z.string().nullable().optional(),
    setBy: z.uuid(),
  }),
);

export const workEventDefinitions = [WorkIdentifiersSet] as const;
