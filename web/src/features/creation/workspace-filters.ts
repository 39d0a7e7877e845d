// My Workspace's search, filters and Liked (the spec's seed left them unwired; here they work):
// search matches the title or the prompt, each filter (genre, mood, status) narrows the list, and
// Liked keeps only liked songs. The Filters button counts the filters in use.
import type { GeneratedSong, GenerationStatus } from '../../../../domain/contracts/creation';

export interface WorkspaceFilters {
  search: string;
  genre: string | null;
  mood: string | null;
  status: GenerationStatus | null;
  likedOnly: boolean;
}

export const NO_FILTERS: WorkspaceFilters = { search: '', genre: null, mood: null, status: null, likedOnly: false };

/** How many of genre, mood and status are set: the "Filters (N)" count. */
export function activeFilterCount(filters: WorkspaceFilters): number {
  return [filters.genre, filters.mood, filters.status].filter((value) => value !== null).length;
}

export function filterSongs(songs: readonly GeneratedSong[], filters: WorkspaceFilters): GeneratedSong[] {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return songs.filter((song) => {
    if (filters.likedOnly && !song.liked) return false;
    if (filters.genre !== null && song.genre !== filters.genre) return false;
    if (filters.mood !== null && song.mood !== filters.mood) return false;
    if (filters.status !== null && song.status !== filters.status) return false;
    const text = `${song.title} ${song.prompt}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** Whether a song is still being made: the list is polled while one is, in case the websocket is down. */
export const isInProgress = (song: Pick<GeneratedSong, 'status'>) => song.status !== 'completed' && song.status !== 'failed';
