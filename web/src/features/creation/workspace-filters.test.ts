// My Workspace's search, filters and Liked: each narrows the list, and the button counts the filters.
import { describe, expect, it } from 'vitest';
import { pollInterval } from './api/generated-music';
import { generatedSong } from './generated-song.fixture';
import { activeFilterCount, filterSongs, NO_FILTERS } from './workspace-filters';

const songs = [
  generatedSong({ id: 'a', title: 'Rainy Tokyo Nights', prompt: 'synth-pop about rain', genre: 'Pop', mood: 'Happy', liked: true }),
  generatedSong({ id: 'b', title: 'Desert Drive', prompt: 'a slow blues under stars', genre: 'Blues', mood: 'Sad', status: 'rendering', progress: 40, completedAt: null }),
  generatedSong({ id: 'c', title: 'Untitled', prompt: 'rain on a tin roof, lo-fi', genre: 'Pop', mood: 'Chill', status: 'failed', error: 'The renderer stopped' }),
];
const ids = (list: { id: string }[]) => list.map((song) => song.id);

describe('workspace filters', () => {
  it('searches the title and the prompt, every word, any case', () => {
    expect(ids(filterSongs(songs, { ...NO_FILTERS, search: 'RAIN' }))).toEqual(['a', 'c']);
    expect(ids(filterSongs(songs, { ...NO_FILTERS, search: 'blues stars' }))).toEqual(['b']);
    expect(ids(filterSongs(songs, { ...NO_FILTERS, search: 'rain blues' }))).toEqual([]);
  });

  it('filters by genre, mood and status, and counts the filters in use', () => {
    expect(ids(filterSongs(songs, { ...NO_FILTERS, genre: 'Pop' }))).toEqual(['a', 'c']);
    expect(ids(filterSongs(songs, { ...NO_FILTERS, genre: 'Pop', mood: 'Chill' }))).toEqual(['c']);
    expect(ids(filterSongs(songs, { ...NO_FILTERS, status: 'rendering' }))).toEqual(['b']);
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, genre: 'Pop', status: 'failed', search: 'x', likedOnly: true })).toBe(2);
  });

  it('keeps only liked songs under Liked', () => {
    expect(ids(filterSongs(songs, { ...NO_FILTERS, likedOnly: true }))).toEqual(['a']);
  });

  it('polls every 5 s only while a song is being made', () => {
    expect(pollInterval(songs)).toBe(5_000);
    expect(pollInterval([songs[0]!, songs[2]!])).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
  });
});
