// Distribution constants: the stores a release can go to, the genres, the
// delivery states and their labels, the fee.

export interface Store {
  id: string;
  name: string;
  description: string;
}

export const STORES: readonly Store[] = [
  { id: 'spotify', name: 'Spotify', description: 'Streaming, worldwide' },
  { id: 'apple_music', name: 'Apple Music', description: 'Streaming and iTunes downloads' },
  { id: 'amazon_music', name: 'Amazon Music', description: 'Streaming and downloads' },
  { id: 'youtube_music', name: 'YouTube Music', description: 'Streaming, with Content ID for YouTube videos' },
  { id: 'deezer', name: 'Deezer', description: 'Streaming, worldwide' },
  { id: 'tidal', name: 'TIDAL', description: 'Lossless and hi-res streaming' },
  { id: 'pandora', name: 'Pandora', description: 'Streaming radio, United States' },
  { id: 'soundcloud', name: 'SoundCloud', description: 'Streaming and SoundCloud Go' },
  { id: 'tiktok', name: 'TikTok', description: 'Short-video sound library' },
  { id: 'instagram_facebook', name: 'Instagram & Facebook', description: "Meta's music library for stories and reels" },
  { id: 'beatport', name: 'Beatport', description: 'Electronic music downloads and streaming' },
  { id: 'napster', name: 'Napster', description: 'Streaming' },
];

export const STORE_IDS = STORES.map((store) => store.id);

export const GENRES = [
  'Alternative',
  'Ambient',
  'Blues',
  "Children's Music",
  'Classical',
  'Country',
  'Dance',
  'Electronic',
  'Folk',
  'Hip Hop/Rap',
  'Jazz',
  'Latin',
  'Metal',
  'New Age',
  'Pop',
  'R&B/Soul',
  'Reggae',
  'Rock',
  'Singer/Songwriter',
  'Soundtrack',
  'World',
] as const;
export type Genre = (typeof GENRES)[number];
export const DEFAULT_GENRE: Genre = 'Electronic';

/** A store's delivery state for one release. */
export const DELIVERY_STATES = ['pending', 'uploaded', 'distributed', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A release's status: its stores' states summed up, or taken down. */
export const DISTRIBUTION_STATUSES = ['pending', 'uploaded', 'distributed', 'failed', 'taken_down'] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

export const DISTRIBUTION_STATUS_LABELS: Record<DistributionStatus, string> = {
  pending: 'Pending',
  uploaded: 'Uploaded to the distributor',
  distributed: 'Live on Platforms',
  failed: 'Failed',
  taken_down: 'Taken down',
};

/** The yearly fee per release, in USD (charged as the distribution-setup service). */
export const DISTRIBUTION_FEE_USD_PER_YEAR = 14.99;
