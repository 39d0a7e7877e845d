// Recording a new release: its UPC and ISRC reserved from the year's sequence (a concurrent
// reservation makes the append fail, and it is tried again at the next number), then the request
// with those identifiers on the release's own stream. Both steps are idempotent per distribution id.
import type { IdentifierPrefixes } from '../../domain/distribution/identifiers';
import { releaseIdentifiersDecider } from '../../domain/distribution/release-identifiers.decider';
import { releaseDecider } from '../../domain/distribution/release.decider';
import { releaseIdentifiersStreamId, releaseStreamId, type ReleaseForm } from '../../domain/distribution/release.events';
import { ConcurrencyError } from '../../domain/shared/errors';
import { handleCommand, type CommandContext } from '../eventstore/command-handler';
import type { AppendResult, EventStore } from '../eventstore/event-store';

const ATTEMPTS = 20;

export async function reserveReleaseIdentifiers(eventStore: EventStore, distributionId: string, year: number, context: CommandContext, prefixes?: IdentifierPrefixes): Promise<{ upc: string; isrc: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { state } = await handleCommand(eventStore, releaseIdentifiersStreamId(year), releaseIdentifiersDecider, { type: 'ReserveIdentifiers', data: { distributionId, year, prefixes } }, context);
      return state.reserved.get(distributionId)!;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

export interface ReleaseRequest {
  distributionId: string;
  contentId: string;
  ownerId: string;
  form: ReleaseForm;
}

/** Reserves the identifiers (from the configured prefixes, else the placeholders) and records the request; answers the append (null when it was recorded before). */
export async function requestRelease(eventStore: EventStore, request: ReleaseRequest, context: CommandContext, prefixes?: IdentifierPrefixes): Promise<AppendResult | null> {
  const year = (context.now ?? new Date()).getUTCFullYear();
  const identifiers = await reserveReleaseIdentifiers(eventStore, request.distributionId, year, context, prefixes);
  const { result } = await handleCommand(eventStore, releaseStreamId(request.distributionId), releaseDecider, { type: 'RequestRelease', data: { ...request, ...identifiers } }, context);
  return result;
}
