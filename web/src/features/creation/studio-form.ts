// The studio's form as the person fills it in, and its rules (spec §5): at most 3 styles (a
// fourth is ignored, a selected chip clicked again is removed), which chips show before "more",
// when Create and Auto lyrics may be pressed, the song request Create sends, and the seed a
// second Auto lyrics asks for (the last answer's plus one: other lyrics for the same request).
import type { LyricsRequest, SongRequestInput } from '../../../../domain/contracts/creation';
import {
  CREATION_DEFAULTS,
  MAX_INSTRUMENTS,
  MAX_SELECTED_STYLES,
  type Genre,
  type Instrument,
  type KeyName,
  type Mood,
  type StyleName,
  type VocalStyle,
  type VoiceType,
} from '../../../../domain/creation/options';

export interface StudioForm {
  prompt: string;
  genre: Genre;
  mood: Mood;
  styles: StyleName[];
  tempo: number;
  duration: number;
  key: KeyName;
  instruments: Instrument[];
  includeVocals: boolean;
  lyrics: string;
  voiceType: VoiceType;
  vocalStyle: VocalStyle;
}

export const INITIAL_FORM: StudioForm = {
  prompt: '',
  genre: CREATION_DEFAULTS.genre,
  mood: CREATION_DEFAULTS.mood,
  styles: [],
  tempo: CREATION_DEFAULTS.tempo,
  duration: CREATION_DEFAULTS.duration,
  key: CREATION_DEFAULTS.key,
  instruments: [],
  includeVocals: CREATION_DEFAULTS.includeVocals,
  lyrics: '',
  voiceType: CREATION_DEFAULTS.voiceType,
  vocalStyle: CREATION_DEFAULTS.vocalStyle,
};

/** Chips shown before "more": genres and moods. */
export const CHIPS_SHOWN = 8;
/** Style chips shown before "more". */
export const STYLE_CHIPS_SHOWN = 18;

/** A style chip clicked: removed when selected, added when fewer than 3 are, else ignored. */
export function toggleStyle(selected: readonly StyleName[], style: StyleName): StyleName[] {
  if (selected.includes(style)) return selected.filter((chosen) => chosen !== style);
  if (selected.length >= MAX_SELECTED_STYLES) return [...selected];
  return [...selected, style];
}

/** An instrument picked or dropped, up to the request's limit. */
export function toggleInstrument(selected: readonly Instrument[], instrument: Instrument): Instrument[] {
  if (selected.includes(instrument)) return selected.filter((chosen) => chosen !== instrument);
  if (selected.length >= MAX_INSTRUMENTS) return [...selected];
  return [...selected, instrument];
}

/**
 * The chips a group shows: the first `shown`, or all when expanded; a selected chip beyond them
 * stays visible, so what is chosen can always be seen and removed.
 */
export function visibleChips<T extends string>(options: readonly T[], shown: number, expanded: boolean, selected: readonly T[]): T[] {
  if (expanded) return [...options];
  return options.filter((option, index) => index < shown || selected.includes(option));
}

export const canCreate = (form: Pick<StudioForm, 'prompt'>, generating: boolean) => !generating && form.prompt.trim().length > 0;
export const canWriteLyrics = (form: Pick<StudioForm, 'prompt'>, generating: boolean) => !generating && form.prompt.trim().length > 0;

/** The body of POST /api/audio/generate-complete-song: the spec's song generation request. */
export function songRequestOf(form: StudioForm): SongRequestInput {
  return {
    prompt: form.prompt.trim(),
    genre: form.genre,
    mood: form.mood,
    selectedStyles: [...form.styles],
    tempo: form.tempo,
    duration: form.duration,
    key: form.key,
    instruments: [...form.instruments],
    includeVocals: form.includeVocals,
    lyrics: form.lyrics,
    voiceType: form.voiceType,
    vocalStyle: form.vocalStyle,
    engine: CREATION_DEFAULTS.engine,
  };
}

/** The last lyrics written: for which request (without its seed) and with which seed. */
export interface LyricsTake {
  request: string;
  seed: number;
}

const SEED_SPACE = 2 ** 32;

/**
 * The body of POST /api/audio/generate-lyrics. Pressed again for the same request, it asks for the
 * last answer's seed plus one (other lyrics); for a changed request, the request's own seed.
 */
export function lyricsRequestOf(form: StudioForm, last: LyricsTake | null): { body: Omit<LyricsRequest, 'seed'> & { seed?: number }; key: string } {
  const base = { prompt: form.prompt.trim(), genre: form.genre, mood: form.mood, duration: form.duration, vocalStyle: form.vocalStyle };
  const key = JSON.stringify(base);
  return { body: last && last.request === key ? { ...base, seed: (last.seed + 1) % SEED_SPACE } : base, key };
}
