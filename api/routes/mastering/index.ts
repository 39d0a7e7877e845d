// Mastering: preview and master calls that answer when the work is done, the
// server-sent progress stream driven by the audio engine's real steps (each recorded as an event
// by the workflow's activity, read back from the read model as it commits), the workspace's status
// call, and the workflow view's fire-and-forget start.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MASTER_DEFAULTS } from '../../../domain/constants';
import type { MasteringProgress, MasterRequest } from '../../../domain/contracts/lifecycle';
import type { VaultItem } from '../../../domain/contracts/vault';
import type { MasteringKind, TrackMastered } from '../../../domain/track/stage.events';
import { findOwnedTrack, toVaultItem } from '../../../projections/vault/queries';
import { lifecycleInput } from '../../../workflows/track-lifecycle/client';
import type { MasterCommand } from '../../../workflows/track-lifecycle/shared';
import { fileResponse } from '../../openapi';
import { HttpError } from '../../plugins/error-handler';
import { idParams } from '../shared-schemas';
import { commandContext, outcomeError, ownedTrack, recordedResult, refuseUnlessAllowed, requireTokensFor, viewAfter } from '../track-commands';
import { masterRequestSchema, masterResponseSchema, startMasteringResponseSchema, startMasteringBodySchema, statusPatchResponseSchema, statusPatchSchema } from './schemas';
import { DomainError, IllegalStateError, ValidationError } from '../../../domain/shared/errors';

type MasteredData = z.output<typeof TrackMastered.schema>;

export const masteringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, eventStore, lifecycle, projector, tokenLedger } = app.services;
  async function prepare(request: Parameters<typeof ownedTrack>[1], contentId: string | undefined, settings: Omit<MasterRequest, 'contentId'>, kind: MasteringKind) {
    if (!contentId) throw new ValidationError('contentId is required: choose exactly one track to master');
    const { ownerId, row } = await ownedTrack(db, request, contentId);
    refuseUnlessAllowed(row, 'master');
    // A preview is free; a master the account cannot pay for is refused before anything starts.
    if (kind === 'master') await requireTokensFor(tokenLedger, ownerId, 'professional-mastering');
    const context = commandContext(request, ownerId);
    const command: MasterCommand = { ...context, masteringId: randomUUID(), kind, settings: { style: settings.style, loudness: settings.loudness, format: settings.format } };
    return { ownerId, row, command, input: lifecycleInput(row, context) };
  }

  async function masterAndAnswer(request: Parameters<typeof ownedTrack>[1], body: MasterRequest, kind: MasteringKind) {
    const { ownerId, row, command, input } = await prepare(request, body.contentId, body, kind);
    const outcome = await lifecycle.master(input, command);
    if (!outcome.ok) throw outcomeError(outcome, 422);
    const mastered = await masteredEvent(row.id, command.masteringId);
    const item = await viewAfter({ db, projector }, ownerId, row.id, mastered);
    return masterAnswer(item, mastered.data, kind);
  }

  /** This run's recorded master: its results and files, whatever run the vault shows by now. */
  function masteredEvent(trackId: string, masteringId: string) {
    return recordedResult<MasteredData>(eventStore, trackId, ['TrackMastered'], (data) => data.masteringId === masteringId);
  }

  app.post('/api/landr/preview', { schema: { summary: 'Master a preview of a track and answer when it is done', tags: ['mastering'], body: masterRequestSchema, response: { 200: masterResponseSchema } } }, (request) =>
    masterAndAnswer(request, request.body, 'preview'),
  );
  app.post('/api/landr/master', { schema: { summary: 'Master a track and answer when it is done', tags: ['mastering'], body: masterRequestSchema, response: { 200: masterResponseSchema } } }, (request) =>
    masterAndAnswer(request, request.body, 'master'),
  );

  app.post(
    '/api/landr/master-with-progress',
    {
      schema: {
        summary: 'Master a track, streaming each step of the audio engine as server-sent events',
        tags: ['mastering'],
        body: masterRequestSchema,
        response: { 200: fileResponse('text/event-stream', 'One `data:` line per progress event ({ step, description, progress }), ending with step Complete or Error') },
      },
    }, async (request, reply) => {
    const { ownerId, row, command, input } = await prepare(request, request.body.contentId, request.body, 'master');
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    const send = (event: MasteringProgress) => out.write(`data: ${JSON.stringify(event)}\n\n`);
    const sent = new Map<string, number>();
    let reading = Promise.resolve();
    // Sends each step's progress the read model shows that this stream has not sent yet.
    const flush = () => {
      reading = reading.then(async () => {
        const current = await findOwnedTrack(db, ownerId, row.id);
        const item = current && toVaultItem(current);
        if (item?.mastering?.masterId !== command.masteringId) return;
        for (const step of item.mastering.steps) {
          if (sent.get(step.step) === step.progress) continue;
          sent.set(step.step, step.progress);
          send(step);
        }
      }).catch((error: unknown) => request.log.warn({ err: error }, 'mastering progress read failed'));
      return reading;
    };
    const unsubscribe = projector.onChange((change) => {
      if (change.subjectId === row.id && change.eventType === 'TrackMasteringProgressed') void flush();
    });
    try {
      const outcome = await lifecycle.master(input, command);
      if (!outcome.ok) {
        await flush();
        send({ step: 'Error', description: outcome.reason, progress: 0 });
        return;
      }
      const mastered = await masteredEvent(row.id, command.masteringId);
      await viewAfter({ db, projector }, ownerId, row.id, mastered);
      await flush();
      const { results } = mastered.data;
      send({
        step: 'Complete',
        description: `Mastered: ${results.lufs.toFixed(1)} LUFS, ${results.peak.toFixed(1)} dBTP true peak, ${results.dynamicRange.toFixed(1)} LU range`,
        progress: 100,
      });
    } catch (error) {
      request.log.error({ err: error, trackId: row.id }, 'mastering stream failed');
      // A refusal or an HttpError (the vault not showing the finished master in time) says what happened; anything else is the workflow.
      send({ step: 'Error', description: error instanceof HttpError || error instanceof DomainError ? error.message : 'The mastering workflow could not be reached; please try again', progress: 0 });
    } finally {
      unsubscribe();
      out.end();
    }
    },
  );

  // The workspace marks a track 'mastering' before it masters it: that starts mastering with the defaults.
  app.patch(
    '/api/generated-music/:id/status',
    {
      schema: {
        summary: "Ask for a track's status: only 'mastering' can be asked for, and starts mastering with the defaults",
        tags: ['mastering'],
        params: idParams,
        body: statusPatchSchema,
        response: { 202: statusPatchResponseSchema },
      },
    }, async (request, reply) => {
    if (request.body.status !== 'mastering') {
      throw new IllegalStateError(`A track's status becomes ${request.body.status} through its workflow, not by setting it; only 'mastering' can be asked for`);
    }
    const { command, input, row } = await prepare(request, request.params.id, MASTER_DEFAULTS, 'master');
    await lifecycle.startMaster(input, command);
    return reply.status(202).send({ success: true, id: row.id, status: 'mastering', masterId: command.masteringId });
    },
  );

  app.post(
    '/api/mastering/start/:id',
    {
      schema: {
        summary: 'Start mastering a track and answer at once; progress arrives over the websocket and in the vault',
        tags: ['mastering'],
        params: idParams,
        response: { 202: startMasteringResponseSchema },
        body: startMasteringBodySchema,
      },
    },
    async (request, reply) => {
      const { command, input } = await prepare(request, request.params.id, { ...request.body, format: MASTER_DEFAULTS.format }, 'master');
      await lifecycle.startMaster(input, command);
      return reply.status(202).send({ success: true, masterId: command.masteringId });
    },
  );
};

function masterAnswer(item: VaultItem, mastered: MasteredData, kind: MasteringKind) {
  return {
    success: true as const,
    contentId: item.id,
    masterId: mastered.masteringId,
    kind,
    status: item.trackStatus,
    landrMasterStatus: item.landrMasterStatus ?? 'completed',
    masteredFilePath: kind === 'master' ? `/uploads/${mastered.files.master}` : null,
    previewFilePath: `/uploads/${mastered.files.preview}`,
    results: mastered.results,
  };
}
