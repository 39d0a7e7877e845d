// A release as GET /api/tunecore/distributions lists it, for the unit tests of the distribution views:
// delivered through a delivery partner unless a test says `sandbox()`.
import type { Distribution } from '../../../../domain/contracts/distribution';

export function release(overrides: Partial<Distribution> = {}): Distribution {
  return {
    id: 'dist-1',
    contentId: '00000000-0000-4000-8000-000000000001',
    songName: 'First Light',
    artistName: 'ada',
    albumName: 'First Light - Single',
    primaryGenre: 'Electronic',
    secondaryGenre: null,
    labelName: 'ada',
    releaseDate: '2026-11-25',
    saleDate: '2026-11-25',
    parentalAdvisory: false,
    royaltySplit: 100,
    selectedStores: ['spotify', 'deezer'],
    credits: [
      { name: 'ada', role: 'ComposerLyricist' },
      { name: 'ada', role: 'MainArtist' },
    ],
    coverArt: null,
    status: 'uploaded',
    stores: [
      { storeId: 'spotify', storeName: 'Spotify', state: 'uploaded', reason: null, updatedAt: '2026-11-25T10:00:00.000Z' },
      { storeId: 'deezer', storeName: 'Deezer', state: 'failed', reason: 'Artwork is smaller than 3000 × 3000 pixels', updatedAt: '2026-11-25T10:01:00.000Z' },
    ],
    upc: '0123456789012',
    isrc: 'QZ-GOO-26-00001',
    createdAt: '2026-11-25T09:59:00.000Z',
    distributionUrl: null,
    royaltyEarnings: 1234,
    renewsAt: '2027-11-25T09:59:00.000Z',
    takenDownAt: null,
    distributor: 'Acme Distribution',
    notice: null,
    waitingForPartnerSince: null,
    ...overrides,
  };
}

export const SANDBOX_NOTICE_FIXTURE = 'Sandbox: this release was not sent to any store and no store received it. Nothing was charged. The store states shown are simulated.';

/** The same release through the sandbox, its stores simulated as settled. */
export function sandboxRelease(overrides: Partial<Distribution> = {}): Distribution {
  return release({
    distributor: 'sandbox',
    notice: SANDBOX_NOTICE_FIXTURE,
    status: 'distributed',
    renewsAt: null,
    stores: [{ storeId: 'spotify', storeName: 'Spotify', state: 'distributed', reason: null, updatedAt: '2026-11-25T10:00:00.000Z' }],
    ...overrides,
  });
}
