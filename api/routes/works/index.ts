// The public rights registry: search registered works, read one, and
// (its owner only) set its ISRC, ISWC, UPC and ISNI. Each identifier is validated by format and
// check digit, then claimed on its own stream so no two works ever hold the same one; the claims a
// failed change took are released again, and the values a change replaced or cleared are freed.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDENTIFIER_TYPES, type IdentifierType, type SetIdentifiersRequest, type WorkIdentifiers } from '../../../domain/contracts/registry';
import { checkIdentifier } from '../../../domain/registry/identifiers';
import { decideWork, evolveWork, identifierClaimDecider, identifierTakenMessage, initialWorkState, workDecider, type WorkState } from '../../../domain/registry/work.decider';
import { workIdentifierStreamId, workStreamId, type WorkEvent } from '../../../domain/registry/work.events';
import { ConcurrencyError, IllegalStateError, NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { trackStreamId } from '../../../domain/track/track.events';
import { handleCommand, type CommandContext } from '../../../infra/eventstore/command-handler';
import type { EventStore } from '../../../infra/eventstore/event-store';
import { findWork, searchWorks } from '../../../projections/works/queries';
import { PUBLIC } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { idParams } from '../shared-schemas';
import { setIdentifiersRequestSchema, workDetailResponseSchema, workSearchQuerySchema, workSearchResponseSchema } from './schemas';

const NOT_FOUND = 'Work not found';

export const workRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const { db, eventStore, projector } = deps;

  app.get(
    '/api/works/search',
    {
      schema: {
        summary: 'Search the registered works: ranked full text with typo tolerance, an exact identifier first, filters, sorts and facets',
        tags: ['registry'],
        ...PUBLIC,
        querystring: workSearchQuerySchema,
        response: { 200: workSearchResponseSchema },
      },
    },
    async (request) => searchWorks(db, request.query),
  );

  app.get(
    '/api/works/:id',
    { schema: { summary: 'One registered work with its evidence, identifiers, licenses and disputes', tags: ['registry'], ...PUBLIC, params: idParams, response: { 200: workDetailResponseSchema } } },
    async (request) => {
      const found = await findWork(db, request.params.id);
      if (!found) throw new NotFoundError(NOT_FOUND);
      return { work: found.work };
    },
  );

  app.put(
    '/api/works/:id/identifiers',
    {
      schema: {
        summary: "Set, replace or clear a registered work's ISRC, ISWC, UPC and ISNI (its owner only; each unique across the registry)",
        tags: ['registry'],
        params: idParams,
        body: setIdentifiersRequestSchema,
        response: { 200: workDetailResponseSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const workId = request.params.id;
      const track = await trackFacts(eventStore, workId);
      // Another user gets the answer a missing work gets.
      if (!track || track.ownerId !== userId) throw new NotFoundError(NOT_FOUND);
      const identifiers = normalized(request.body);
      const context = { correlationId: randomUUID(), actor: `user:${userId}` };
      const position = await setIdentifiers(eventStore, { workId, ownerId: track.ownerId, userId, registered: track.registered, identifiers }, context);
      if (position) await projector.waitFor(position);
      const found = await findWork(db, workId);
      if (!found) throw new HttpError(503, 'The identifiers were saved but the registry entry is not readable yet; reload in a moment');
      return { work: found.work };
    },
  );
};

/** The work's owner and whether its certificate was issued, from its own track stream (not a read model). */
async function trackFacts(eventStore: EventStore, workId: string): Promise<{ ownerId: string; registered: boolean } | null> {
  const events = await eventStore.readStream(trackStreamId(workId));
  const upload = events.find((event) => event.type === 'TrackUploadReceived');
  if (!upload) return null;
  return { ownerId: (upload.data as { ownerId: string }).ownerId, registered: events.some((event) => event.type === 'TrackCertificateIssued') };
}

/** Each identifier given, normalized and checked (400 naming it and why); an empty one clears it. */
function normalized(body: SetIdentifiersRequest): Partial<WorkIdentifiers> {
  const result: Partial<WorkIdentifiers> = {};
  for (const type of IDENTIFIER_TYPES) {
    const raw = body[type];
    if (raw === undefined) continue;
    if (raw === null || raw === '') {
      result[type] = null;
      continue;
    }
    const check = checkIdentifier(type, raw);
    if (!check.ok) throw new ValidationError(check.error);
    result[type] = check.value;
  }
  return result;
}

interface SetIdentifiers {
  workId: string;
  ownerId: string;
  userId: string;
  registered: boolean;
  identifiers: Partial<WorkIdentifiers>;
}

/**
 * Claims each new value, records the change on the work's stream, then releases the values it
 * replaced. Two works racing for one value meet on its claim stream: the later append fails.
 */
async function setIdentifiers(eventStore: EventStore, input: SetIdentifiers, context: CommandContext) {
  const { workId } = input;
  const recorded = await eventStore.readStream(workStreamId(workId));
  const state: WorkState = recorded.reduce((s, e) => evolveWork(s, { type: e.type, data: e.data } as WorkEvent), initialWorkState);
  const command = { type: 'SetIdentifiers' as const, data: { workId, ownerId: input.ownerId, requestedBy: input.userId, registered: input.registered, identifiers: input.identifiers } };
  // Decided once up front so a refusal (not registered) takes no claim.
  const decided = decideWork(command, state);
  if (decided.length === 0) return null;
  const changed = IDENTIFIER_TYPES.filter((type) => input.identifiers[type] !== undefined && input.identifiers[type] !== state.identifiers[type]);
  const claimed: { type: IdentifierType; value: string }[] = [];
  const release = (items: { type: IdentifierType; value: string }[]) =>
    Promise.all(items.map(({ type, value }) => handleCommand(eventStore, workIdentifierStreamId(type, value), identifierClaimDecider, { type: 'ReleaseIdentifier', data: { identifierType: type, value, workId } }, context)));
  try {
    for (const type of changed) {
      const value = input.identifiers[type];
      if (!value) continue;
      await claimIdentifier(eventStore, type, value, workId, context);
      claimed.push({ type, value });
    }
    const set = await handleCommand(eventStore, workStreamId(workId), workDecider, command, context);
    const replaced = changed.flatMap((type) => (state.identifiers[type] ? [{ type, value: state.identifiers[type] }] : []));
    await release(replaced);
    return set.result?.lastPosition ?? null;
  } catch (error) {
    await release(claimed);
    if (error instanceof ConcurrencyError) throw new IllegalStateError('The identifiers were changed at the same time elsewhere; reload and try again');
    throw error;
  }
}

async function claimIdentifier(eventStore: EventStore, type: IdentifierType, value: string, workId: string, context: CommandContext): Promise<void> {
  try {
    await handleCommand(eventStore, workIdentifierStreamId(type, value), identifierClaimDecider, { type: 'ClaimIdentifier', data: { identifierType: type, value, workId } }, context);
  } catch (error) {
    // Another work's claim was appended between our read and our append.
    if (error instanceof ConcurrencyError) throw new IllegalStateError(identifierTakenMessage(type, value));
    throw error;
  }
}
