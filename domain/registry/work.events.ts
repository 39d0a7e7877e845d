// Events of a registered work's registry entry (stream `work-<contentId>`): the identifiers its
// owner entered. Everything else the registry shows comes from the track's own events. Each
// identifier value is also claimed on its own stream (`work-identifier-<type>-<value>`), so two
// works can never hold the same one: the store's optimistic append decides a race.
import { z } from 'zod';
import { IDENTIFIER_TYPES, type IdentifierType } from '../contracts/registry';
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

const identifierClaim = z.object({
  identifierType: z.enum(IDENTIFIER_TYPES),
  /** Normalized. */
  value: z.string().min(1).max(20),
  workId: z.string().min(1).max(200),
});

export const WorkIdentifierClaimed = defineEvent('WorkIdentifierClaimed', 1, identifierClaim);

/** The holder replaced or cleared the identifier: another work may claim it now. */
export const WorkIdentifierReleased = defineEvent('WorkIdentifierReleased', 1, identifierClaim);

export const workEventDefinitions = [WorkIdentifiersSet, WorkIdentifierClaimed, WorkIdentifierReleased] as const;

export type WorkEvent = ReturnType<typeof WorkIdentifiersSet.create>;
export type WorkIdentifierEvent = ReturnType<typeof WorkIdentifierClaimed.create> | ReturnType<typeof WorkIdentifierReleased.create>;

export function workStreamId(workId: string): string {
  return `work-${workId}`;
}

export function workIdentifierStreamId(type: IdentifierType, value: string): string {
  return `work-identifier-${type}-${value}`;
}
