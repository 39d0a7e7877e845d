// POST /api/audio/generate-complete-song starts a song (api/routes/generated-music/start-generation.ts).
// POST /api/audio/generate-lyrics: lyrics for a signed-in user's song description, written on this
// server by the phrase grammar (domain/creation/lyrics.ts). Free: it charges no tokens. The same
// request gives the same lyrics; another seed gives others.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomStream } from '../../../domain/creation/random';
import { requestSeed } from '../../../domain/contracts/creation';
import { requireUserId } from '../../plugins/auth';
import { startGeneration } from '../generated-music/start-generation';
import { generationStartedSchema, lyricsRequestSchema, lyricsResponseSchema, songRequestSchema } from './schemas';

// The writer brings the pronouncing dictionary (135,000 words, about a second to load), so it is
// loaded on the first request rather than with the app.
let writer: Promise<typeof import('../../../domain/creation/lyrics')> | undefined;

export const audioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/audio/generate-lyrics',
    {
      schema: {
        summary: 'Lyrics for a song description: sections of rhyming lines from its keywords, in the genre and mood asked, each line cut into syllables (free)',
        tags: ['creation'],
        body: lyricsRequestSchema,
        response: { 200: lyricsResponseSchema },
      },
      // A visitor is told to sign in before being told what is wrong with the body.
      preValidation: async (request) => {
        requireUserId(request);
      },
    },
    async (request) => {
      const { seed: asked, ...lyricsRequest } = request.body;
      writer ??= import('../../../domain/creation/lyrics');
      const { writeLyrics, lyricsSeed } = await writer;
      const seed = asked ?? lyricsSeed(lyricsRequest);
      const lyrics = writeLyrics(lyricsRequest, randomStream(seed, 'lyrics'));
      return { lyrics: lyrics.text, sections: lyrics.sections, keywords: lyrics.keywords, seed };
    },
  );

  app.post(
    '/api/audio/generate-complete-song',
    {
      schema: {
        summary: 'Starts a song from the request (10 tokens): composed, rendered with stems, MIDI and timed lyrics, then a track of the user like an upload; progress in /api/generated-music and over the websocket',
        tags: ['creation'],
        body: songRequestSchema,
        response: { 202: generationStartedSchema },
      },
      preValidation: async (request) => {
        requireUserId(request);
      },
    },
    async (request, reply) => {
      const ownerId = requireUserId(request);
      const started = await startGeneration(app.services, { ownerId, request: request.body, seed: requestSeed(request.body), source: null, correlationId: request.id });
      return reply.status(202).send(started);
    },
  );
};
