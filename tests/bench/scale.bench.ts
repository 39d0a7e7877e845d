// `npm run bench:scale`: the deployment's shape on loopback (tests/support/scale-shape.ts: one
// Postgres database, one Temporal dev server, one shared file store; GOOSE_ROLE processes), measuring
// - uploadsToRegisteredSeconds / workersSpeedup: a burst of BENCH_SCALE_TRACKS (40) tracks, each a
//   new creator's, uploaded, its intake awaited, copyright-checked and registered through two API
//   processes in turn, first with one worker process, then (new creators, new tracks) with two;
//   the speedup is the first burst's wall time over the second's. On a 2-core machine the workers
//   share the cores with the APIs, projector and servers, so expect what the cores allow;
// - fanoutMsP95: one creator's BENCH_SCALE_QUIET_TRACKS (5) tracks, one after another, uploaded and
//   checked through the two API processes in turn, watched by a websocket on each: each event's
//   arrival time minus the time the store recorded it, over both processes (and
//   fanoutMsP95DuringBurst: the same for every creator of the second burst, while the cores are busy);
// - projectorTakeoverMs: the leading projector SIGKILLed, until the standby leads.
// Needs the Postgres server (TEST_DATABASE_URL) and the Temporal CLI. The last line of stdout is one JSON object.
import { performance } from 'node:perf_hooks';
import { encodeWav, music } from '../../infra/audio/test-signals';
import { signUpCreator, uploadWav } from '../support/platform-process';
import { LEADING, openScaleShape, postJson, vaultUntil, watch, type WatchingSocket } from '../support/scale-shape';
import { intFromEnv } from './bench-env';

const TRACKS = intFromEnv('BENCH_SCALE_TRACKS', 40);
const TRACK_SECONDS = intFromEnv('BENCH_SCALE_TRACK_SECONDS', 10);
const QUIET_TRACKS = intFromEnv('BENCH_SCALE_QUIET_TRACKS', 5);
const GOALS = { fanoutMsP95: 250, projectorTakeoverMs: 10_000 };

const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Each event's arrival on a socket minus the time the store recorded it. */
function delaysOf(sockets: WatchingSocket[]): number[] {
  return sockets.flatMap((socket) => socket.messages.filter(({ message }) => message.type === 'event' && message.recordedAt).map(({ at, message }) => at - Date.parse(message.recordedAt!)));
}

async function main(): Promise<void> {
  const shape = await openScaleShape('goose-bench-scale');
  try {
    process.stderr.write('starting two projectors, two API processes and one worker\n');
    const projectors = [await shape.startProjector('projector-1')];
    const [standby, apis] = await Promise.all([
      shape.startProjector('projector-2'),
      Promise.all([shape.startApi('api-1', 4121), shape.startApi('api-2', 4122)]),
      shape.startWorker('worker-1'),
    ]);
    projectors.push(standby);
    const baseUrls = apis.map((api) => api.baseUrl);
    // Every track a different recording: the copyright check refuses a second owner's copy.
    let seed = 100;
    const newRecording = () => encodeWav(music({ seconds: TRACK_SECONDS, sampleRate: 44_100, seed: seed++ }), 44_100, 2);

    /** TRACKS new creators each upload, check and register one track at once; answers the wall time and the sockets' delays. */
    const burst = async (label: string, watchSockets: boolean) => {
      const creators = await Promise.all(Array.from({ length: TRACKS }, (_, i) => signUpCreator(baseUrls[i % 2]!, `scale_${label}_${Date.now().toString(36)}_${i}`)));
      const recordings = creators.map(() => newRecording());
      const sockets: WatchingSocket[] = watchSockets ? (await Promise.all(creators.map((creator) => Promise.all(baseUrls.map((url) => watch(url, creator.cookie)))))).flat() : [];
      process.stderr.write(`${label}: ${TRACKS} tracks\n`);
      const started = performance.now();
      await Promise.all(
        creators.map(async (creator, i) => {
          const [here, there] = [baseUrls[i % 2]!, baseUrls[(i + 1) % 2]!];
          const trackId = await uploadWav(here, creator.cookie, `Burst ${label} ${i}`, recordings[i]);
          await vaultUntil([there, here], creator.cookie, trackId, (item) => item.workflow.steps.find((step) => step.name === 'probe')?.status === 'completed', 600_000, 500);
          const check = await postJson(there, creator.cookie, `/api/copyright-check/${trackId}`);
          if (!(check.body as { success?: boolean }).success) throw new Error(`the check did not clear ${trackId}: ${JSON.stringify(check.body)}`);
          const registration = await postJson(here, creator.cookie, `/api/copyright-register/${trackId}`);
          if (registration.status !== 200) throw new Error(`registration of ${trackId}: ${registration.status} ${JSON.stringify(registration.body)}`);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const delays = delaysOf(sockets);
      for (const socket of sockets) socket.close();
      return { seconds, delays };
    };

    const one = await burst('one-worker', false);
    process.stderr.write('starting a second worker\n');
    await shape.startWorker('worker-2');
    const two = await burst('two-workers', true);

    // Fan-out at a creator's pace: one creator's tracks one after another, heard on both API processes.
    const quiet = await signUpCreator(baseUrls[0]!, `scale_quiet_${Date.now().toString(36)}`);
    const quietSockets = await Promise.all(baseUrls.map((url) => watch(url, quiet.cookie)));
    for (let i = 0; i < QUIET_TRACKS; i++) {
      const trackId = await uploadWav(baseUrls[i % 2]!, quiet.cookie, `Quiet ${i}`, newRecording());
      await vaultUntil(baseUrls, quiet.cookie, trackId, (item) => item.workflow.steps.find((step) => step.name === 'probe')?.status === 'completed');
      const check = await postJson(baseUrls[(i + 1) % 2]!, quiet.cookie, `/api/copyright-check/${trackId}`);
      if (!(check.body as { success?: boolean }).success) throw new Error(`the check did not clear ${trackId}: ${JSON.stringify(check.body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const quietDelays = delaysOf(quietSockets);
    for (const socket of quietSockets) socket.close();

    const leader = projectors.find((projector) => projector.said(LEADING))!;
    const other = projectors.find((projector) => projector !== leader)!;
    const killedAt = performance.now();
    await leader.kill('SIGKILL');
    const projectorTakeoverMs = Math.round((await other.waitForLine(LEADING, 30_000)) - killedAt);

    const fanoutMsP95 = round(percentile(quietDelays, 95));
    const result = {
      tracks: TRACKS,
      trackSeconds: TRACK_SECONDS,
      uploadsToRegisteredSecondsOneWorker: round(one.seconds, 2),
      uploadsToRegisteredSecondsTwoWorkers: round(two.seconds, 2),
      tracksPerMinuteOneWorker: round((TRACKS / one.seconds) * 60),
      tracksPerMinuteTwoWorkers: round((TRACKS / two.seconds) * 60),
      workersSpeedup: round(one.seconds / two.seconds, 2),
      fanoutMsP95,
      fanoutMsP50: round(percentile(quietDelays, 50)),
      fanoutEventsObserved: quietDelays.length,
      fanoutMsP95DuringBurst: round(percentile(two.delays, 95)),
      fanoutEventsObservedDuringBurst: two.delays.length,
      apiProcesses: 2,
      projectorTakeoverMs,
      goals: GOALS,
      withinGoals: { fanoutMsP95: fanoutMsP95 <= GOALS.fanoutMsP95, projectorTakeoverMs: projectorTakeoverMs <= GOALS.projectorTakeoverMs },
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } catch (error) {
    for (const role of shape.processes.filter((p) => !p.alive())) process.stderr.write(`${role.name} exited; its last lines:\n${role.output()}\n`);
    throw error;
  } finally {
    await shape.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
