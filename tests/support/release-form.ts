// The distribution form the release tests fill in: one creator's single to Spotify and Beatport, in
// a genre both stores take. A test that depends on a field (a genre Beatport refuses, one store)
// says so through `overrides`. The dates are a month ahead: the API refuses a release date in the past.
import type { ReleaseForm } from '../../domain/distribution/release.events';

const MONTH_AHEAD = new Date(Date.now() + 30 * 24 * 3600_000).toISOString().slice(0, 10);

export function releaseForm(overrides: Partial<ReleaseForm> = {}): ReleaseForm {
  return {
    artistName: 'Night Owl',
    albumName: 'Night Drive',
    songName: 'Night Drive',
    primaryGenre: 'Electronic',
    secondaryGenre: null,
    labelName: 'Goose Records',
    recordingLocation: '',
    releaseDate: MONTH_AHEAD,
    saleDate: MONTH_AHEAD,
    parentalAdvisory: false,
    royaltySplit: 100,
    selectedStores: ['spotify', 'beatport'],
    ...overrides,
  };
}
