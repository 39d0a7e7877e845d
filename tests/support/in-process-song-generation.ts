// Song generations run in this process, for an app built without Temporal (the route tests): the
// same steps as the workflow (workflows/song-generation/shared.ts) with the same activities, the
// track's lifecycle started through the app's lifecycle client as an upload's is. `settled` waits
// for every generation started so far, and throws what one of them threw.
import { DomainError } from '../../domain/shared/errors';
import { createSongGenerationActivities, type SongGenerationActivityDeps } from '../../workflows/song-generation/activities';
import type { SongGenerationClient } from '../../workflows/song-generation/client';
import { runGeneration, songGenerationWorkflowId } from '../../workflows/song-generation/shared';
import { createTokenChargeActivities, type TokenChargeActivityDeps, type TokenCharge } from '../../workflows/token-charges/activities';
import type { TrackLifecycleClient } from '../../workflows/track-lifecycle/client';

export interface InProcessSongGeneration extends SongGenerationClient {
  settled(): Promise<void>;
}

export function inProcessSongGenerationClient(deps: SongGenerationActivityDeps & TokenChargeActivityDeps & { lifecycle: TrackLifecycleClient }): InProcessSongGeneration {
  const activities = createSongGenerationActivities(deps);
  const tokens = createTokenChargeActivities(deps);
  const running: Promise<unknown>[] = [];
  return {
    start(input) {
      const charge: TokenCharge = { holdId: `ai-music-generation-${input.generationId}`, service: 'ai-music-generation', userId: input.ownerId, subjectId: input.trackId, description: 'AI music generation', correlationId: input.correlationId, actor: input.actor };
      const run = runGeneration(
        {
          async hold() {
            try {
              await tokens.holdTokens(charge);
              return null;
            } catch (error) {
              if (error instanceof DomainError) return error.message;
              throw error;
            }
          },
          produce: (song) => activities.produceSong(song),
          async startTrack(song, produced) {
            await deps.lifecycle.start(await activities.stageTrack(song, produced));
          },
          capture: () => tokens.captureTokens(charge),
          release: (_song, reason) => tokens.releaseTokens(charge, reason),
          complete: (song, produced) => activities.completeGeneration(song, produced),
          fail: (song, reason) => activities.failGeneration(song, reason),
        },
        input,
        (error) => `The song could not be made: ${error instanceof Error ? error.message : String(error)}`,
      );
      running.push(run);
      return Promise.resolve({ workflowId: songGenerationWorkflowId(input.generationId) });
    },
    async settled() {
      // A generation that threw past its own failure handling fails the test that waits for it.
      await Promise.all(running);
    },
  };
}
