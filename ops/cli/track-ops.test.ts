// The operator CLI's commands as specifications, on PGlite in memory: a track's state at any point
// of its stream, a retry refused or handed to the workflow as the operator's, and a saved history
// (the workflow test's recorded one, so no Temporal server is needed) replayed against the current
// workflow code.
import { rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import {
  TrackCopyrightCheckStarted,
  TrackCopyrightChecked,
  TrackMastered,
  TrackMasteringProgressed,
  TrackMasteringRequested,
  TrackRegistrationFailed,
  TrackRegistrationSigned,
} from '../../domain/track/stage.events';
import { TrackFileStored, TrackProbed, TrackUploadReceived, trackStreamId, type TrackEvent } from '../../domain/track/track.events';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { rebuildProjections } from '../../projections/projector';
import { vaultProjection } from '../../projections/vault/projection';
import { installTemporalRuntime } from '../../workflows/worker';
import type { RetryCommand, TrackLifecycleInput } from '../../workflows/track-lifecycle/shared';
import { formatHistory, NotFoundError, readHistoryFile, replayRuns, retryRegistration, retryThroughApi, trackHistory } from './track-ops';

const ownerId = randomUUID();
const masterSha = 'c'.repeat(64);
const txHash = 'A'.repeat(64);

function lifecycleUpTo(trackId: string): TrackEvent[] {
  const settings = { style: 'warm', loudness: 'medium', format: 'wav' } as const;
  const files = { master: `${trackId}-master.wav`, preview: `${trackId}-preview.mp3`, preLimiter: `${trackId}-pre.wav`, abOriginal: `${trackId}-a.mp3`, abMaster: `${trackId}-b.mp3` };
  return [
    TrackUploadReceived.create({
      trackId, ownerId, title: 'Night Drive', description: '', contentType: 'music', royaltySplit: 100,
      originalName: 'night-drive.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 176_444, genre: 'synthwave',
    }),
    TrackFileStored.create({ trackId, storedName: `${trackId}.wav`, sha256: 'b'.repeat(64), size: 176_444 }),
    TrackProbed.create({ trackId, format: 'wav', durationSeconds: 1, codec: 'pcm_s16le', sampleRate: 44_100, channels: 2, bitRate: 1_411_200 }),
    TrackMasteringRequested.create({ trackId, masteringId: 'm-1', kind: 'master', settings }),
    TrackMasteringProgressed.create({ trackId, masteringId: 'm-1', step: 'analyze', description: 'Measuring loudness', progress: 20 }),
    TrackMastered.create({
      trackId, masteringId: 'm-1', kind: 'master', settings, files, masterSha256: masterSha,
      results: { lufs: -14, dynamicRange: 8, peak: -1, processing: ['eq', 'limiter'] }, inputLufs: -20, inputTruePeakDbtp: -3, elapsedSeconds: 2.5,
    }),
    TrackCopyrightCheckStarted.create({ trackId, checkId: 'c-1', storedName: files.master, sha256: masterSha }),
    TrackCopyrightChecked.create({
      trackId, checkId: 'c-1', sha256: masterSha, elapsedSeconds: 1,
      analysis: {
        clearanceScore: 98, status: 'cleared', audioFingerprint: 'fp', melodicId: null, harmonicId: null, rhythmicId: null,
        databasesChecked: 1, recordsScanned: 10, conflicts: [], recommendations: [], reason: null, notChecked: [],
      },
    }),
    TrackRegistrationSigned.create({
      trackId, certificateId: 'cert-1', sha256: masterSha, storedName: files.master, network: 'testnet',
      account: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', txHash, txBlob: 'ABCDEF', sequence: 7, fee: '12', lastLedgerSequence: 100,
    }),
    TrackRegistrationFailed.create({ trackId, txHash, resultCode: 'tefPAST_SEQ', reason: 'The ledger rejected the transaction' }),
  ];
}

describe('track-ops', () => {
  let db: Db;
  let eventStore: PostgresEventStore;
  const failed = randomUUID(); // registration failed at the ledger (10 events)
  const mastered = randomUUID(); // mastered, nothing more (6 events)

  async function record(trackId: string, events: TrackEvent[]): Promise<void> {
    const correlationId = randomUUID();
    await eventStore.append(
      trackStreamId(trackId),
      events.map((event) => ({
        eventId: randomUUID(),
        ...event,
        metadata: { correlationId, causationId: null, actor: `user:${ownerId}`, workflowId: `track-lifecycle-${trackId}`, occurredAt: new Date().toISOString() },
      })),
      'no_stream',
    );
  }

  beforeAll(async () => {
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    await record(failed, lifecycleUpTo(failed));
    await record(mastered, lifecycleUpTo(mastered).slice(0, 6));
    await rebuildProjections(db, eventStore, [vaultProjection]);
  });

  afterAll(async () => {
    await eventStore?.close();
    await db?.close();
  });

  describe('history', () => {
    it('after the intake: probed, ready for mastering', async () => {
      const { state, at } = await trackHistory(eventStore, failed, 3);
      expect(at).toBe(3);
      expect(state).toMatchObject({ status: 'probed', stagesStatus: 'completed', stage: 'master', failure: null });
    });

    it('at the mastering request: mastering, its step running', async () => {
      const { state } = await trackHistory(eventStore, failed, 4);
      expect(state.stagesStatus).toBe('mastering');
      expect(state.steps.find((s) => s.name === 'master')?.status).toBe('running');
    });

    it('after the master: mastered, ready for the copyright check', async () => {
      const { state } = await trackHistory(eventStore, failed, 6);
      expect(state).toMatchObject({ stagesStatus: 'mastered', stage: 'oracle' });
      expect(state.steps.find((s) => s.name === 'master')?.status).toBe('completed');
    });

    it('by default after the last event: the registration failed, with the ledger result code', async () => {
      const history = await trackHistory(eventStore, failed);
      expect(history).toMatchObject({ version: 10, at: 10 });
      expect(history.state).toMatchObject({
        stagesStatus: 'failed',
        stage: 'register',
        failure: { step: 'register', reason: 'The ledger rejected the transaction', resultCode: 'tefPAST_SEQ' },
      });
      expect(history.state.steps.find((s) => s.name === 'oracle')?.status).toBe('completed');
      expect(history.state.steps.find((s) => s.name === 'register')?.status).toBe('failed');
    });

    it('lists every event with its version, actor and a one-line summary', async () => {
      const { events } = await trackHistory(eventStore, failed, 4);
      expect(events).toHaveLength(10);
      expect(events[3]).toMatchObject({ streamVersion: 4, type: 'TrackMasteringRequested', actor: `user:${ownerId}`, summary: 'master m-1 (warm, medium, wav)' });
      expect(events[9]!.summary).toBe('tefPAST_SEQ: The ledger rejected the transaction');
    });

    it('prints the events, marking the one the state is taken after', async () => {
      const text = formatHistory(await trackHistory(eventStore, failed, 4));
      expect(text).toMatch(/^> {4}4 \S+ TrackMasteringRequested/m);
      expect(text).toContain('state after event 4 (TrackMasteringRequested):');
      expect(text).toContain('status   probed / mastering');
      expect(text).toContain('master:running');
    });

    it('refuses a version outside the stream, and a track with no stream', async () => {
      await expect(trackHistory(eventStore, failed, 11)).rejects.toThrow(RangeError);
      await expect(trackHistory(eventStore, failed, 0)).rejects.toThrow(RangeError);
      await expect(trackHistory(eventStore, randomUUID())).rejects.toThrow(NotFoundError);
    });
  });

  describe('retry-registration', () => {
    const options = { operator: 'ana', note: 'ledger back up', publicUrl: 'https://goose.example' };

    function recordingLifecycle() {
      const calls: { input: TrackLifecycleInput; command: RetryCommand }[] = [];
      return {
        calls,
        retryRegistration: async (input: TrackLifecycleInput, command: RetryCommand) => {
          calls.push({ input, command });
          return { ok: true as const, value: { txHash, outcome: 'validated' as const, certificateId: 'cert-1' } };
        },
      };
    }

    it('given a failed registration, hands the workflow the retry as the operator, with the rebuilt input', async () => {
      const lifecycle = recordingLifecycle();
      const result = await retryRegistration({ db, lifecycle }, failed, options);
      expect(result).toEqual({ outcome: { ok: true, value: { txHash, outcome: 'validated', certificateId: 'cert-1' } } });
      const [{ input, command }] = lifecycle.calls as [(typeof lifecycle.calls)[number]];
      expect(command).toMatchObject({ actor: 'operator:ana', operator: 'ana', note: 'ledger back up', publicUrl: 'https://goose.example' });
      expect(input).toMatchObject({ trackId: failed, ownerId, title: 'Night Drive', stagingName: `${failed}.part`, actor: 'operator:ana', correlationId: command.correlationId });
    });

    it('given a track whose registration has not failed, refuses with the reason and runs nothing', async () => {
      const lifecycle = recordingLifecycle();
      expect(await retryRegistration({ db, lifecycle }, mastered, options)).toEqual({ refused: 'Only a failed registration can be retried' });
      expect(lifecycle.calls).toEqual([]);
    });

    it('given no such track, says so', async () => {
      await expect(retryRegistration({ db, lifecycle: recordingLifecycle() }, randomUUID(), options)).rejects.toThrow(NotFoundError);
    });
  });

  describe('retry-registration --api', () => {
    it('sends the operator token, name and note to the running app, and reads its refusal and its outcome', async () => {
      const seen: { url?: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];
      let answer: { status: number; body: unknown } = { status: 409, body: { error: 'Only a failed registration can be retried' } };
      const server = http.createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          seen.push({ url: request.url, headers: request.headers, body });
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
      try {
        expect(await retryThroughApi(url, 'secret', 'track-1', { operator: 'ana', note: 'ledger back' })).toEqual({ refused: 'Only a failed registration can be retried' });
        expect(seen[0]).toMatchObject({ url: '/api/ops/tracks/track-1/retry-registration', headers: { 'x-operator-token': 'secret', 'x-operator-name': 'ana' }, body: '{"note":"ledger back"}' });
        answer = { status: 200, body: { success: true, txHash: 'A'.repeat(64), outcome: 'validated', certificateId: 'GOOSE-CERT-1' } };
        expect(await retryThroughApi(url, 'secret', 'track-1', { operator: 'ana', note: null })).toEqual({
          outcome: { ok: true, value: { txHash: 'A'.repeat(64), outcome: 'validated', certificateId: 'GOOSE-CERT-1' } },
        });
        answer = { status: 502, body: { error: 'The ledger rejected the registration (tecNO_PERMISSION)' } };
        expect(await retryThroughApi(url, 'secret', 'track-1', { operator: 'ana', note: null })).toEqual({ outcome: { ok: false, reason: 'The ledger rejected the registration (tecNO_PERMISSION)' } });
        answer = { status: 401, body: { error: 'A valid X-Operator-Token header is required' } };
        expect(await retryThroughApi(url, 'wrong', 'track-1', { operator: 'ana', note: null })).toEqual({ error: 'A valid X-Operator-Token header is required', status: 401 });
      } finally {
        server.close();
      }
    });
  });

  describe('replay of a saved history', () => {
    // Recorded from a real run by the workflow's own test (master, check, failed registration, retry).
    const recorded = fileURLToPath(new URL('../../workflows/track-lifecycle/histories/full-lifecycle.history.pb', import.meta.url));

    it('says deterministic for the recorded lifecycle, and names the mismatch in a history the code no longer makes', async () => {
      installTemporalRuntime();
      const same = await readHistoryFile(recorded);
      const changed = await readHistoryFile(recorded);
      // As if the workflow's first activity had been another one when the history was recorded.
      const first = changed.history.events!.find((e) => e.activityTaskScheduledEventAttributes)!.activityTaskScheduledEventAttributes!;
      first.activityType = { name: 'probeUpload' };
      const verdicts = await replayRuns('replay', [same, changed]);
      expect(verdicts).toEqual([
        { runId: same.runId, events: same.history.events!.length, error: null },
        { runId: changed.runId, events: changed.history.events!.length, error: expect.stringMatching(/nondetermin/i) },
      ]);
      expect(same.runId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('reads the same history saved as JSON (the Temporal CLI\'s and historyToJSON\'s format)', async () => {
      installTemporalRuntime();
      const binary = await readHistoryFile(recorded);
      const jsonPath = path.join(os.tmpdir(), `goose-history-${randomUUID()}.json`);
      await writeFile(jsonPath, historyToJSON(binary.history));
      try {
        const fromJson = await readHistoryFile(jsonPath);
        expect(fromJson.history.events!.length).toBe(binary.history.events!.length);
        expect(await replayRuns('replay', [fromJson])).toEqual([{ runId: fromJson.runId, events: binary.history.events!.length, error: null }]);
      } finally {
        await rm(jsonPath, { force: true });
      }
    });
  });
});
