// What the song generation workflow, its client and the in-process runner share: the workflow id
// rule, the input, and the order of the steps (hold the tokens, make the song, start its track,
// capture the tokens, record it done; on a failure release the tokens and record why). The steps
// are activities in the workflow and direct calls in the route tests' in-process runner.
export const songGenerationWorkflowId = (generationId: string): string => `song-generation-${generationId}`;

export interface SongGenerationInput {
  generationId: string;
  ownerId: string;
  /** The track the song becomes. */
  trackId: string;
  /** The request that asked for it; every event's correlation id. */
  correlationId: string;
  actor: string;
}

/** A stored output of a generation. */
export interface ProducedFile {
  storedName: string;
  sha256: string;
  bytes: number;
}

/** What making the song left in storage, small enough to pass between steps. */
export interface ProducedSong {
  files: { mixWav: ProducedFile; mixMp3: ProducedFile; midi: ProducedFile; lrc: ProducedFile | null; stems: (ProducedFile & { name: string })[] };
  /** The provenance record, as the GenerationCompleted event keeps it. */
  provenance: Record<string, unknown>;
}

export interface GenerationSteps {
  /** Holds the price; answers the refusal in plain words when the tokens are not there, else null. */
  hold(input: SongGenerationInput): Promise<string | null>;
  produce(input: SongGenerationInput): Promise<ProducedSong>;
  startTrack(input: SongGenerationInput, song: ProducedSong): Promise<void>;
  capture(input: SongGenerationInput): Promise<void>;
  release(input: SongGenerationInput, reason: string): Promise<void>;
  complete(input: SongGenerationInput, song: ProducedSong): Promise<void>;
  fail(input: SongGenerationInput, reason: string): Promise<void>;
}

export type GenerationOutcome = 'completed' | 'failed';

/** The plain-words reason a failed step gives the studio. */
export type FailureReason = (error: unknown) => string;

export async function runGeneration(steps: GenerationSteps, input: SongGenerationInput, reasonOf: FailureReason): Promise<GenerationOutcome> {
  const refused = await steps.hold(input);
  if (refused !== null) {
    await steps.fail(input, refused);
    return 'failed';
  }
  let song: ProducedSong;
  try {
    song = await steps.produce(input);
    await steps.startTrack(input, song);
  } catch (error) {
    const reason = reasonOf(error);
    await steps.release(input, reason);
    await steps.fail(input, reason);
    return 'failed';
  }
  // The song exists and its track is on its way: it is paid for.
  await steps.capture(input);
  await steps.complete(input, song);
  return 'completed';
}
