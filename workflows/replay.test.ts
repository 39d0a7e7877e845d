// Every committed workflow history (workflows/<package>/histories/*.history.pb, each recorded from a
// real run on the Temporal dev server) replays with today's workflow code. A workflow whose commands
// change without a patch() fails here with a nondeterminism error. Replay needs no Temporal server.
// Runs of earlier builds whose activities answered in another shape are derived from the committed
// histories by rewriting those answers, and replay too.
import { Worker } from '@temporalio/worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { committedHistories, historyFile, readHistory, type History } from '../tests/support/workflow-history';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from './worker';

const histories = await committedHistories();

describe('committed workflow histories replay with today\'s workflow code', () => {
  beforeAll(() => {
    installTemporalRuntime();
  });

  it('holds a history for every workflow', () => {
    expect(new Set(histories.map((h) => h.workflowPackage))).toEqual(new Set(['account-deletion', 'account-export', 'dispute', 'license-purchase', 'partner-reports', 'reference-delivery', 'release', 'royalty-contract', 'song-generation', 'track-lifecycle']));
  });

  it.each(histories)('replays $workflowPackage/$name', async ({ file }) => {
    await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, await readHistory(file))).resolves.toBeUndefined();
  }, 60_000);
});

const json = (value: unknown) => ({ metadata: { encoding: new TextEncoder().encode('json/plain') }, data: new TextEncoder().encode(JSON.stringify(value)) });
const nothing = { metadata: { encoding: new TextEncoder().encode('binary/null') }, data: new Uint8Array() };

/** `history` with the answer of activity `name`'s completions replaced by `payload`. */
function answering(history: History, name: string, payload: typeof nothing): History {
  const scheduled = new Set((history.events ?? []).filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === name).map((e) => String(e.eventId)));
  expect(scheduled.size).toBeGreaterThan(0);
  const events = (history.events ?? []).map((e) => {
    const completed = e.activityTaskCompletedEventAttributes;
    if (!completed || !scheduled.has(String(completed.scheduledEventId))) return e;
    return { ...e, activityTaskCompletedEventAttributes: { ...completed, result: { payloads: [payload] } } };
  });
  return { ...history, events };
}

describe('runs of earlier builds replay with today\'s workflow code', () => {
  const replay = async (history: History) => Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, history);

  it('a license purchase from before issuing could be refused (issueLicense answered nothing)', async () => {
    const recorded = await readHistory(historyFile('license-purchase', 'issued-purchase'));
    await expect(replay(answering(recorded, 'issueLicense', nothing))).resolves.toBeUndefined();
  }, 60_000);

  it('a release from before pollStores answered its pace (a bare boolean) and the input carried no pace', async () => {
    const recorded = await readHistory(historyFile('release', 'sandbox-release-taken-down'));
    const [started, ...rest] = recorded.events ?? [];
    const attributes = started!.workflowExecutionStartedEventAttributes!;
    const { pollIntervalMs: _pace, ...input } = JSON.parse(new TextDecoder().decode(attributes.input!.payloads![0]!.data!)) as Record<string, unknown>;
    const earlier = { ...recorded, events: [{ ...started, workflowExecutionStartedEventAttributes: { ...attributes, input: { payloads: [json(input)] } } }, ...rest] };
    await expect(replay(answering(earlier, 'pollStores', json(false)))).resolves.toBeUndefined();
  }, 60_000);
});
