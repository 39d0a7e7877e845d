// Starting a generation: POST /api/audio/generate-complete-song with the song request, and the
// three that make a NEW song from an earlier one (extend, replace a section, a variation). Each
// answers 202 { id, status: 'queued', trackId } and holds the generation's 10 tokens (402 when
// they are not there). Never resent on their own: a retry after a lost answer would start a
// second paid generation.
import { generationStartedSchema, type GenerationStarted, type SongRequestInput } from '../../../../../domain/contracts/creation';
import { requestParsed } from '../../../lib/api-client';
import { useOneShotMutation } from '../../../lib/one-shot-mutation';
import { CURRENT_USER_KEY, GENERATED_MUSIC_KEY, TOKEN_BALANCE_KEY, TOKEN_TRANSACTIONS_KEY, USER_KEY } from '../../../lib/query-keys';

/** What a started generation changes: the list, and the balance its hold took. */
const REFRESHES = [GENERATED_MUSIC_KEY, TOKEN_BALANCE_KEY, TOKEN_TRANSACTIONS_KEY, USER_KEY, CURRENT_USER_KEY];

const songUrl = (id: string) => `${GENERATED_MUSIC_KEY[0]}/${encodeURIComponent(id)}`;

export function generateSong(request: SongRequestInput): Promise<GenerationStarted> {
  return requestParsed(generationStartedSchema, 'POST', '/api/audio/generate-complete-song', request);
}

export type SongAction = { kind: 'extend'; seconds: number } | { kind: 'replace-section'; index: number } | { kind: 'variation' };

/** Seconds one "Extend" adds. */
export const EXTEND_SECONDS = 30;

export function startSongAction(songId: string, action: SongAction): Promise<GenerationStarted> {
  switch (action.kind) {
    case 'extend':
      return requestParsed(generationStartedSchema, 'POST', `${songUrl(songId)}/extend`, { seconds: action.seconds });
    case 'replace-section':
      return requestParsed(generationStartedSchema, 'POST', `${songUrl(songId)}/sections/${action.index}/replace`, {});
    case 'variation':
      return requestParsed(generationStartedSchema, 'POST', `${songUrl(songId)}/variation`, {});
    default: {
      const unknown: never = action;
      throw new Error(`Unknown song action ${JSON.stringify(unknown)}`);
    }
  }
}

export function useGenerateSong() {
  return useOneShotMutation(generateSong, REFRESHES);
}

export function useSongAction() {
  return useOneShotMutation(({ songId, action }: { songId: string; action: SongAction }) => startSongAction(songId, action), REFRESHES);
}
