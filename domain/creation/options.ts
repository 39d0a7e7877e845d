// The creation studio's options (spec §9 "Creation options", §5 sliders): the names the request
// schema accepts and the studio shows as chips. What each genre, mood and style makes the composer
// do differently lives in styles.ts; these lists are only the names and the limits.

export const GENRES = [
  'Pop',
  'Rock',
  'Hip-Hop',
  'Electronic',
  'R&B',
  'Jazz',
  'Classical',
  'Country',
  'Folk',
  'Latin',
  'Reggae',
  'Metal',
  'Blues',
  'Funk',
  'Ambient',
] as const;
export type Genre = (typeof GENRES)[number];

export const MOODS = [
  'Energetic',
  'Happy',
  'Chill',
  'Uplifting',
  'Romantic',
  'Sad',
  'Dark',
  'Epic',
  'Dreamy',
  'Melancholic',
  'Aggressive',
  'Peaceful',
  'Mysterious',
] as const;
export type Mood = (typeof MOODS)[number];

/** The 12 tonics, sharps only (spec: "C to B with sharps"); the mood picks major or minor. */
export const KEYS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
export type KeyName = (typeof KEYS)[number];

/** The additional styles; the studio shows the first 18 as chips. */
export const STYLES = [
  'Synthwave',
  'Lo-fi',
  'Trap',
  'House',
  'Acoustic',
  'Cinematic',
  'Disco',
  'Indie',
  'Drum & Bass',
  'Techno',
  'Soul',
  'Reggaeton',
  'Afrobeat',
  'K-Pop',
  'Orchestral',
  'Piano Ballad',
  'Punk',
  'Bossa Nova',
  'Dubstep',
  'Gospel',
  'Swing',
  'Bluegrass',
  'Trip-Hop',
  'Chillwave',
  'Grunge',
  'Boom Bap',
  'Motown',
  'Flamenco',
  'Waltz',
  'Shoegaze',
] as const;
export type StyleName = (typeof STYLES)[number];

export const VOICE_TYPES = ['soprano', 'alto', 'tenor', 'bass'] as const;
export type VoiceType = (typeof VOICE_TYPES)[number];

export const VOCAL_STYLES = ['pop', 'rock', 'jazz', 'classical', 'r&b', 'country'] as const;
export type VocalStyle = (typeof VOCAL_STYLES)[number];

/** What a request may ask to hear; each maps to a General MIDI program and a role in styles.ts. */
export const INSTRUMENTS = [
  'piano',
  'electric piano',
  'organ',
  'acoustic guitar',
  'electric guitar',
  'distorted guitar',
  'bass guitar',
  'synth bass',
  'strings',
  'brass',
  'saxophone',
  'flute',
  'synth lead',
  'synth pad',
  'choir',
  'drums',
] as const;
export type Instrument = (typeof INSTRUMENTS)[number];

/** The only engine this server runs: an algorithmic composer rendered through a General MIDI synthesizer. */
export const CREATION_ENGINES = ['goose-composer'] as const;
export type CreationEngine = (typeof CREATION_ENGINES)[number];

export const MAX_SELECTED_STYLES = 3;
export const MAX_INSTRUMENTS = 6;
export const TEMPO_RANGE = { min: 60, max: 200, step: 1 } as const;
export const DURATION_RANGE = { min: 10, max: 300, step: 5 } as const;
/** An extended song may grow past the slider's 300 s, up to this. */
export const MAX_EXTENDED_DURATION_SECONDS = 600;
export const PROMPT_MAX_LENGTH = 1000;
export const LYRICS_MAX_LENGTH = 6000;
/** Spec §5: "Long tracks over 60 s are generated in multiple segments, one per started minute." */
export const SEGMENT_SECONDS = 60;

export const CREATION_DEFAULTS = {
  genre: 'Pop',
  mood: 'Energetic',
  key: 'C',
  tempo: 128,
  duration: 60,
  includeVocals: true,
  voiceType: 'alto',
  vocalStyle: 'pop',
  engine: 'goose-composer',
} as const satisfies {
  genre: Genre;
  mood: Mood;
  key: KeyName;
  tempo: number;
  duration: number;
  includeVocals: boolean;
  voiceType: VoiceType;
  vocalStyle: VocalStyle;
  engine: CreationEngine;
};

/** Segments a duration is generated in: one per started minute. */
export function segmentCount(durationSeconds: number): number {
  return Math.max(1, Math.ceil(durationSeconds / SEGMENT_SECONDS - 1e-9));
}
