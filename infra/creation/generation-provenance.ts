// The generation provenance port, read from the generation's own stream: its GenerationCompleted
// event holds the record. The stream is the record of truth and is readable the moment the event
// is appended, so a certificate never waits on a read model being caught up or rebuilt.
import { provenanceSchema } from '../../domain/contracts/creation';
import { generationStreamId } from '../../domain/creation/generation.events';
import type { GenerationProvenanceSource } from '../../domain/creation/generated-work';
import type { EventStore } from '../eventstore/event-store';

export function eventStoreProvenanceSource(eventStore: EventStore): GenerationProvenanceSource {
  return {
    async provenanceOf(generationId) {
      const events = await eventStore.readStream(generationStreamId(generationId));
      const completed = events.find((event) => event.type === 'GenerationCompleted');
      if (!completed) return null;
      return provenanceSchema.parse((completed.data as { provenance: unknown }).provenance);
    },
  };
}
