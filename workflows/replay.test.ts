// Every committed workflow history (workflows/<package>/histories/*.history.pb, each recorded from a
// real run on the Temporal dev server) replays with today's workflow code. A workflow whose commands
// change without a patch() fails here with a nondeterminism error. Replay needs no Temporal server.
import { Worker } from '@temporalio/worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { committedHistories, readHistory } from '../tests/support/workflow-history';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from './worker';

const histories = await committedHistories();

describe('committed workflow histories replay with today\'s workflow code', () => {
  beforeAll(() => {
    installTemporalRuntime();
  });

  it('holds a history for every long-running workflow', () => {
    expect(new Set(histories.map((h) => h.workflowPackage))).toEqual(new Set(['dispute', 'license-purchase', 'release', 'royalty-contract', 'track-lifecycle']));
  });

  it.each(histories)('replays $workflowPackage/$name', async ({ file }) => {
    await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, await readHistory(file))).resolves.toBeUndefined();
  }, 60_000);
});
