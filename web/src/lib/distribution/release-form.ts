// The Distribution dialog's form: its defaults (the creator's
// name as artist and label, the track's title as song and single, genre Electronic, both dates
// four weeks ahead as stores recommend, advisory off, split 100, the creator credited as songwriter
// and performer, the generated cover), the release lead time warning and its check before sending, with the schema's messages. The
// server checks the same schema again; this only spares a round trip. Pure, tested on its own.
import { distributeRequestSchema, RELEASE_MIN_LEAD_DAYS, type Credit, type CreditRole, type DistributeRequest } from '../../../../domain/contracts/distribution';
import { DEFAULT_GENRE } from '../../../../domain/distribution/catalogue';

export interface ReleaseForm {
  artistName: string;
  albumName: string;
  songName: string;
  primaryGenre: string;
  /** Optional: null when none is chosen (a select item never has an empty value). */
  secondaryGenre: string | null;
  labelName: string;
  recordingLocation: string;
  /** YYYY-MM-DD. */
  releaseDate: string;
  saleDate: string;
  parentalAdvisory: boolean;
  /** The creator's share of the release's earnings, 1–100 %; null while the field is empty. */
  royaltySplit: number | null;
  selectedStores: string[];
  credits: { name: string; role: CreditRole }[];
  /** The uploaded cover's id; null: the generated cover. */
  coverArtId: string | null;
}

/** The default release date's distance: the 3–4 weeks stores recommend for editorial pitching. */
export const DEFAULT_LEAD_DAYS = 28;
export const RELEASE_DATE_IN_PAST = 'The release date is in the past: choose today or a later day';

export const ROYALTY_SPLIT_DEFAULT = 100;
export const ROYALTY_SPLIT_MIN = 1;
export const ROYALTY_SPLIT_MAX = 100;

export const NO_STORES_SUMMARY = 'No Stores Selected';
export const NO_STORES_DETAIL = 'Please select at least one streaming platform for distribution';

/** The local calendar date as YYYY-MM-DD (a release date is a day, not an instant). */
export function localDateString(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return localDateString(new Date(year!, month! - 1, day! + days));
}

/** Whether the release date is in the past (refused) or closer than stores ask for (a warning); null when it is far enough. */
export function leadTimeProblem(releaseDate: string, today: Date): 'past' | 'short' | null {
  const now = localDateString(today);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(releaseDate)) return null;
  if (releaseDate < now) return 'past';
  return releaseDate < addDays(now, RELEASE_MIN_LEAD_DAYS) ? 'short' : null;
}

/** The form as it opens for a track: placeholder names from the creator and the track, the fixed defaults for the rest. */
export function defaultReleaseForm(track: { title: string }, creator: { username: string } | null, today: Date): ReleaseForm {
  const artist = creator?.username ?? '';
  const date = addDays(localDateString(today), DEFAULT_LEAD_DAYS);
  return {
    artistName: artist,
    albumName: track.title ? `${track.title} - Single` : '',
    songName: track.title,
    primaryGenre: DEFAULT_GENRE,
    secondaryGenre: null,
    // Self-released: the creator is their own label until they name one.
    labelName: artist,
    recordingLocation: '',
    releaseDate: date,
    saleDate: date,
    parentalAdvisory: false,
    royaltySplit: ROYALTY_SPLIT_DEFAULT,
    selectedStores: [],
    credits: artist ? [{ name: artist, role: 'ComposerLyricist' }, { name: artist, role: 'MainArtist' }] : [],
    coverArtId: null,
  };
}

export type ReleaseCheck = { ok: true; request: DistributeRequest } | { ok: false; summary: string; detail: string };

/** The request to send, or what is wrong: no store first ('No Stores Selected'), then the first field in error. */
export function checkRelease(contentId: string, form: ReleaseForm, today = new Date()): ReleaseCheck {
  if (form.selectedStores.length === 0) return { ok: false, summary: NO_STORES_SUMMARY, detail: NO_STORES_DETAIL };
  if (leadTimeProblem(form.releaseDate, today) === 'past') return { ok: false, summary: 'Check the release details', detail: RELEASE_DATE_IN_PAST };
  const request: DistributeRequest = {
    contentId,
    artistName: form.artistName.trim(),
    albumName: form.albumName.trim(),
    songName: form.songName.trim(),
    primaryGenre: form.primaryGenre,
    secondaryGenre: form.secondaryGenre || null,
    labelName: form.labelName.trim(),
    recordingLocation: form.recordingLocation.trim(),
    releaseDate: form.releaseDate,
    saleDate: form.saleDate,
    parentalAdvisory: form.parentalAdvisory,
    royaltySplit: form.royaltySplit ?? Number.NaN,
    selectedStores: form.selectedStores,
    credits: form.credits.map((credit): Credit => ({ name: credit.name.trim(), role: credit.role })),
    coverArtId: form.coverArtId,
  };
  const parsed = distributeRequestSchema.safeParse(request);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    const detail = field === 'royaltySplit' ? `The royalty split must be a whole number from ${ROYALTY_SPLIT_MIN} to ${ROYALTY_SPLIT_MAX}` : (issue?.message ?? 'Check the release details');
    return { ok: false, summary: 'Check the release details', detail };
  }
  return { ok: true, request };
}
