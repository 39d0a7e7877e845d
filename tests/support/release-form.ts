// The distribution form the release tests fill in: one creator's single to Spotify and Beatport, in
// a genre both stores take. A test that depends on a field (a genre Beatport refuses, one store)
// says so through `overrides`.
import type { ReleaseForm } from '../../domain/distribution/release.events';

export function releaseForm(overrides: Partial<ReleaseForm> = {}): ReleaseForm {
  return {
    artistName: 'Night Owl',
    albumName: 'Night Drive',
    songName: 'Night Drive',
    primaryGenre: 'Electronic',
    secondaryGenre: null,
    labelName: 'Goose Records',
    recordingLocation: '',
    releaseDate: '2026-12-01',
    saleDate: '2026-12-01',
    parentalAdvisory: false,
    royaltySplit: 100,
    selectedStores: ['spotify', 'beatport'],
    ...overrides,
  };
}
