// The studio's workspace: the signed-in user's generated songs (newest first) and one song, its
// files, its like, and new generations made from it (extend, replace a section, a variation), each
// a new song charged like any generation. Another user's song answers 404, as if it did not exist.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_EXTENDED_DURATION_SECONDS } from '../../../domain/creation/options';
import { songRequestSchema, type GenerationSource } from '../../../domain/contracts/creation';
import { variationSeed } from '../../../domain/creation/composer';
import { generationDecider } from '../../../domain/creation/generation.decider';
import { generationStreamId, type GenerationRequested } from '../../../domain/creation/generation.events';
import { IllegalStateError, NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { findGeneratedFile, findGeneratedSong, listGeneratedSongs, type GeneratedFile } from '../../../projections/generated-music/queries';
import { fileResponse, noBody } from '../../openapi';
import { requireUserId } from '../../plugins/auth';
import type { Services } from '../../plugins/services';
import { extendSongRequestSchema, fileParams, generatedSongListSchema, generatedSongSchema, generationStartedSchema, idParams, likeRequestSchema, sectionParams, stemParams } from './schemas';
import { startGeneration } from './start-generation';
import { sendStoredFile } from '../stored-file-reply';

const NOT_FOUND = 'Generated song not found';
const CONTENT_TYPES: Record<string, string> = { wav: 'audio/wav', mp3: 'audio/mpeg', mid: 'audio/midi', lrc: 'text/plain; charset=utf-8' };

type Requested = ReturnType<typeof GenerationRequested.create>['data'];

/** The user's completed song and what it was asked with; another user's is not found, an unfinished one cannot be built on yet. */
async function sourceOf(services: Services, ownerId: string, id: string) {
  const song = await findGeneratedSong(services.db, ownerId, id);
  if (!song) throw new NotFoundError(NOT_FOUND);
  if (song.status !== 'completed') throw new IllegalStateError('This song is not finished yet; a new version can be made from it once it is');
  const events = await services.eventStore.readStream(generationStreamId(id));
  const requested = events.find((event) => event.type === 'GenerationRequested')?.data as Requested | undefined;
  if (!requested) throw new NotFoundError(NOT_FOUND);
  return { song, request: songRequestSchema.parse(requested.request), seed: requested.seed };
}

export const generatedMusicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    '/api/generated-music',
    { schema: { summary: "The signed-in user's generated songs, newest first, with their progress, files and provenance", tags: ['creation'], response: { 200: generatedSongListSchema } } },
    async (request) => ({ songs: await listGeneratedSongs(services.db, requireUserId(request)) }),
  );

  app.get(
    '/api/generated-music/:id',
    { schema: { summary: 'One generated song of the signed-in user', tags: ['creation'], params: idParams, response: { 200: generatedSongSchema } } },
    async (request) => {
      const song = await findGeneratedSong(services.db, requireUserId(request), request.params.id);
      if (!song) throw new NotFoundError(NOT_FOUND);
      return song;
    },
  );

  const started = { 202: generationStartedSchema };

  app.post(
    '/api/generated-music/:id/extend',
    {
      schema: { summary: 'A new song: this one extended by some seconds (10 tokens)', tags: ['creation'], params: idParams, body: extendSongRequestSchema, response: started },
      preValidation: async (request) => {
        requireUserId(request);
      },
    },
    async (request, reply) => {
      const ownerId = requireUserId(request);
      const { song, request: asked, seed } = await sourceOf(services, ownerId, request.params.id);
      const { seconds } = request.body;
      // The studio offers Extend up to this length, and the composer extends up to it.
      if (song.durationSeconds + seconds > MAX_EXTENDED_DURATION_SECONDS) throw new ValidationError(`A song can be extended up to ${MAX_EXTENDED_DURATION_SECONDS} seconds long; this one is ${Math.round(song.durationSeconds)} seconds`);
      const source: GenerationSource = { operation: 'extend', generationId: song.id, seconds };
      return reply.status(202).send(await startGeneration(services, { ownerId, request: asked, seed, source, from: song, correlationId: request.id }));
    },
  );

  app.post(
    '/api/generated-music/:id/sections/:index/replace',
    { schema: { summary: 'A new song: this one with one section composed again (10 tokens)', tags: ['creation'], params: sectionParams, body: noBody, response: started } },
    async (request, reply) => {
      const ownerId = requireUserId(request);
      const { song, request: asked, seed } = await sourceOf(services, ownerId, request.params.id);
      if (request.params.index >= song.sections.length) throw new ValidationError(`This song has ${song.sections.length} sections, numbered from 0`);
      const source: GenerationSource = { operation: 'replace-section', generationId: song.id, sectionIndex: request.params.index };
      return reply.status(202).send(await startGeneration(services, { ownerId, request: asked, seed, source, from: song, correlationId: request.id }));
    },
  );

  app.post(
    '/api/generated-music/:id/variation',
    { schema: { summary: 'A new song: the same request with the next seed (10 tokens)', tags: ['creation'], params: idParams, body: noBody, response: started } },
    async (request, reply) => {
      const ownerId = requireUserId(request);
      const { song, request: asked, seed } = await sourceOf(services, ownerId, request.params.id);
      const source: GenerationSource = { operation: 'variation', generationId: song.id };
      return reply.status(202).send(await startGeneration(services, { ownerId, request: asked, seed: variationSeed(seed), source, from: song, correlationId: request.id }));
    },
  );

  app.put(
    '/api/generated-music/:id/like',
    {
      schema: { summary: 'Likes or unlikes a generated song', tags: ['creation'], params: idParams, body: likeRequestSchema, response: { 200: generatedSongSchema } },
      preValidation: async (request) => {
        requireUserId(request);
      },
    },
    async (request) => {
      const ownerId = requireUserId(request);
      const { id } = request.params;
      const { result } = await handleCommand(
        services.eventStore,
        generationStreamId(id),
        generationDecider,
        { type: 'LikeGeneration', data: { generationId: id, liked: request.body.liked, actorId: ownerId } },
        { correlationId: request.id, actor: `user:${ownerId}` },
      );
      if (result) await services.projector.waitFor(result.lastPosition);
      const song = await findGeneratedSong(services.db, ownerId, id);
      if (!song) throw new NotFoundError(NOT_FOUND);
      return song;
    },
  );

  async function sendFile(ownerId: string, id: string, file: GeneratedFile, reply: FastifyReply) {
    const found = await findGeneratedFile(services.db, ownerId, id, file);
    if (!found) throw new NotFoundError('File not found');
    const extension = found.downloadName.split('.').pop() ?? '';
    reply.header('Cache-Control', 'private, max-age=3600');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Disposition', `attachment; filename="${found.downloadName}"`);
    return sendStoredFile(reply, services.storage, found.storedName, CONTENT_TYPES[extension] ?? 'application/octet-stream');
  }

  app.get(
    '/api/generated-music/:id/files/:name',
    {
      schema: {
        summary: "A finished song's mix (WAV or MP3), MIDI or timed lyrics (LRC); Range requests work",
        tags: ['creation'],
        params: fileParams,
        response: { 200: fileResponse('application/octet-stream', 'The file'), 206: fileResponse('application/octet-stream', 'The requested range of the file') },
      },
    },
    async (request, reply) => sendFile(requireUserId(request), request.params.id, { kind: request.params.name }, reply),
  );

  app.get(
    '/api/generated-music/:id/files/stems/:index',
    {
      schema: {
        summary: "One stem (instrument) of a finished song as WAV, by its place in the song's list",
        tags: ['creation'],
        params: stemParams,
        response: { 200: fileResponse('audio/wav', 'The stem'), 206: fileResponse('audio/wav', 'The requested range of the stem') },
      },
    },
    async (request, reply) => sendFile(requireUserId(request), request.params.id, { kind: 'stem', index: request.params.index }, reply),
  );
};
