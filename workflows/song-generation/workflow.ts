// The song generation workflow (id `song-generation-<generationId>`), the create step of a
// generated track's lifecycle: hold the 10 tokens of ai-music-generation (not there: the generation
// fails and nothing is charged), make the song on the render pool (progress recorded per stage,
// heartbeats while it waits and renders), start the track's lifecycle as an upload of its WAV
// would (a child left running on its own: mastering, the check and registration go on from there),
// capture the tokens, record it done. A failure releases the tokens and records why in plain words.
import { ActivityFailure, ApplicationFailure, ParentClosePolicy, proxyActivities, startChild } from '@temporalio/workflow';
import type { TokenCharge, TokenChargeActivities } from '../token-charges/activities';
import { trackLifecycleWorkflowId } from '../track-lifecycle/shared';
import type { SongGenerationActivities } from './activities';
import { runGeneration, type GenerationOutcome, type SongGenerationInput } from './shared';

const retry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;
const quick = proxyActivities<SongGenerationActivities>({ startToCloseTimeout: '1 minute', retry });
// Making a 5-minute song with stems takes a minute or so on two cores, more while others wait for the pool.
const produce = proxyActivities<SongGenerationActivities>({ startToCloseTimeout: '20 minutes', heartbeatTimeout: '1 minute', retry: { ...retry, maximumAttempts: 3 } });
const tokens = proxyActivities<TokenChargeActivities>({ startToCloseTimeout: '30 seconds', retry });

/** The studio's words for a failed step: the cause's own message (ours are plain), never a stack. */
function reasonOf(error: unknown): string {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return `The song could not be made: ${message}`;
}

export async function songGeneration(input: SongGenerationInput): Promise<GenerationOutcome> {
  const charge: TokenCharge = {
    holdId: `ai-music-generation-${input.generationId}`,
    service: 'ai-music-generation',
    userId: input.ownerId,
    subjectId: input.trackId,
    description: 'AI music generation',
    correlationId: input.correlationId,
    actor: input.actor,
  };
  return runGeneration(
    {
      async hold() {
        try {
          await tokens.holdTokens(charge);
          return null;
        } catch (error) {
          if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure && error.cause.nonRetryable) return error.cause.message;
          throw error;
        }
      },
      produce: (song) => produce.produceSong(song),
      async startTrack(song, produced) {
        const lifecycleInput = await quick.stageTrack(song, produced);
        await startChild('trackLifecycle', {
          workflowId: trackLifecycleWorkflowId(song.trackId),
          args: [lifecycleInput],
          parentClosePolicy: ParentClosePolicy.ABANDON,
        });
      },
      capture: () => tokens.captureTokens(charge),
      release: (_song, reason) => tokens.releaseTokens(charge, reason),
      complete: (song, produced) => quick.completeGeneration(song, produced),
      fail: (song, reason) => quick.failGeneration(song, reason),
    },
    input,
    reasonOf,
  );
}
