// The single definition of every event payload. Events are versioned: a stored event carries its
// schema version, and `parseEvent` validates what comes back out of the store against that version.
import { z } from 'zod';

export interface EventDefinition<T extends string, S extends z.ZodType> {
  readonly type: T;
  readonly version: number;
  readonly schema: S;
  create(data: z.input<S>): { type: T; data: z.output<S> };
}

export function defineEvent<const T extends string, S extends z.ZodType>(
  type: T,
  version: number,
  schema: S,
): EventDefinition<T, S> {
  return {
    type,
    version,
    schema,
    create: (data) => ({ type, data: schema.parse(data) }),
  };
}

/** Who and what caused an event. Every stored event carries all of these. */
export const eventMetadataSchema = z.object({
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
  actor: z.string().min(1),
  workflowId: z.string().min(1).nullable(),
  occurredAt: z.iso.datetime(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** An event about to be appended: domain payload plus a caller-chosen id (used for idempotency). */
export interface NewEvent<T extends string = string, D = unknown> {
  eventId: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

export type AnyEventDefinition = EventDefinition<string, z.ZodType>;

export class EventRegistry {
  private readonly byType = new Map<string, AnyEventDefinition>();

  constructor(definitions: readonly AnyEventDefinition[]) {
    for (const definition of definitions) this.byType.set(definition.type, definition);
  }

  versionOf(type: string): number {
    return this.get(type).version;
  }

  /** Validates a payload on its way in or out of the store. Unknown types are a programming error. */
  parse(type: string, data: unknown): unknown {
    return this.get(type).schema.parse(data);
  }

  private get(type: string): AnyEventDefinition {
    const definition = this.byType.get(type);
    if (!definition) throw new Error(`Unknown event type: ${type}`);
    return definition;
  }
}
