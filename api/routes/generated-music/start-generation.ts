// Starting a generation, shared by the new-song route and the extend, replace-section and
// variation routes: the price checked against the user's own ledger account (never anything the
// request says), the request recorded under a title that tells a derived song from its source,
// the workflow started. Nothing is recorded when the tokens are not there.
import { randomUUID } from 'node:crypto';
import { requestHash, type GeneratedSong, type GenerationSource, type GenerationStarted, type SongRequest } from '../../../domain/contracts/creation';
import { generationDecider } from '../../../domain/creation/generation.decider';
import { generationStreamId } from '../../../domain/creation/generation.events';
import { InsufficientTokensError } from '../../../domain/shared/errors';
import { tokensToMicros } from '../../../domain/shared/tokens';
import { SERVICE_PRICES } from '../../../domain/tokens/catalogue';
import { allowanceCovers, availableMicros } from '../../../domain/tokens/token-account.decider';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { titleOf } from '../../../projections/generated-music/projection';
import type { Services } from '../../plugins/services';
import { HttpError } from '../../plugins/error-handler';

export const GENERATION_NEEDS_WORKFLOWS = 'Song generation needs the workflow service, which is not running on this server';

/** The song a derived generation is made from, as the workspace lists it. */
export type SourceSong = Pick<GeneratedSong, 'title' | 'sections'>;

export type GenerationAsk = {
  ownerId: string;
  request: SongRequest;
  seed: number;
  correlationId: string;
} & ({ source: null } | { source: GenerationSource; from: SourceSong });

/** The generation event's limit on a title. */
const TITLE_MAX = 200;

/**
 * A derived song's title: its source's title and what was done to it, so an extension, a replaced
 * section and a variation can be told apart from the original wherever the title shows.
 */
export function derivedTitle(from: SourceSong, source: GenerationSource): string {
  const suffix = ` (${whatWasDone(from, source)})`;
  // A song derived again and again keeps the newest operation whole and shortens its source's title.
  const room = TITLE_MAX - suffix.length;
  const base = from.title.length > room ? `${from.title.slice(0, room - 1)}…` : from.title;
  return `${base}${suffix}`;
}

function whatWasDone(from: SourceSong, source: GenerationSource): string {
  switch (source.operation) {
    case 'extend':
      return `extended +${source.seconds} s`;
    case 'replace-section': {
      const name = from.sections[source.sectionIndex]?.name.trim();
      return `new ${name ? name.toLowerCase() : `section ${source.sectionIndex + 1}`}`;
    }
    case 'variation':
      return 'variation';
    default: {
      const unknown: never = source;
      throw new Error(`Unknown generation source ${JSON.stringify(unknown)}`);
    }
  }
}

export async function startGeneration(services: Services, ask: GenerationAsk): Promise<GenerationStarted> {
  const { songGenerations, tokenLedger, eventStore, projector } = services;
  if (!songGenerations) throw new HttpError(503, GENERATION_NEEDS_WORKFLOWS);
  const account = await tokenLedger.account(ask.ownerId);
  const price = tokensToMicros(SERVICE_PRICES['ai-music-generation']);
  const free = availableMicros(account);
  if (!allowanceCovers(account, 'ai-music-generation', new Date().toISOString()) && free < price) throw new InsufficientTokensError(price, free);

  const generationId = randomUUID();
  const trackId = randomUUID();
  const actor = `user:${ask.ownerId}`;
  const { result } = await handleCommand(
    eventStore,
    generationStreamId(generationId),
    generationDecider,
    {
      type: 'RequestGeneration',
      data: {
        generationId,
        ownerId: ask.ownerId,
        trackId,
        title: ask.source ? derivedTitle(ask.from, ask.source) : titleOf(ask.request.prompt),
        request: ask.request,
        requestHash: requestHash(ask.request),
        seed: ask.seed,
        source: ask.source,
        requestedAt: new Date().toISOString(),
      },
    },
    { correlationId: ask.correlationId, actor },
  );
  // The workspace lists the song as soon as the answer arrives.
  if (result) await projector.waitFor(result.lastPosition);
  await songGenerations.start({ generationId, ownerId: ask.ownerId, trackId, correlationId: ask.correlationId, actor });
  return { id: generationId, status: 'queued', trackId };
}
