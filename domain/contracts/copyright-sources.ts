// What a copyright check searched, and what it found outside GOOSE's own registry: reference
// recordings that rights holders delivered (never published, named to the uploader by title and
// holder only) and AcoustID's catalogue of MusicBrainz recordings (asked only when configured).
// A check that found nothing says what it searched: "no match among …", never a bare "clear".
import { z } from 'zod';

const count = z.number().int().nonnegative();
const timeRange = z.object({ startSeconds: z.number().nonnegative(), endSeconds: z.number().nonnegative() });

/** asked: AcoustID answered; not_configured: no ACOUSTID_API_KEY; unavailable: asked, but it failed (see note). */
export const ACOUSTID_STATES = ['asked', 'not_configured', 'unavailable'] as const;
export type AcoustidState = (typeof ACOUSTID_STATES)[number];

export const searchedSourcesSchema = z.object({
  /** GOOSE works registered when the check ran. */
  works: count,
  /** Reference recordings delivered by rights holders. */
  references: count,
  /** Rights holders those references belong to. */
  referenceHolders: count,
  acoustid: z.enum(ACOUSTID_STATES),
  /** Why AcoustID was not asked or failed, in plain words (no variable names). */
  acoustidNote: z.string().optional(),
});
export type SearchedSources = z.infer<typeof searchedSourcesSchema>;

/**
 * An upload matched a rights holder's reference recording: held for review. Named by the
 * reference's title and its holder's name; its files are never shown.
 */
export const referenceMatchSchema = z.object({
  referenceId: z.string(),
  title: z.string(),
  holderName: z.string(),
  /** recording: the same recording (fingerprint); music: the same music (melody); passage: a copied stretch. */
  kind: z.enum(['recording', 'music', 'passage']),
  similarity: z.number().min(0).max(100),
  upload: timeRange,
  reference: timeRange,
});
export type ReferenceMatch = z.infer<typeof referenceMatchSchema>;

/** A reference match's kind in words, the same in the check's reason, its report, the holder's holds and a case. */
export const REFERENCE_MATCH_KIND_TEXT: Record<ReferenceMatch['kind'], string> = { recording: 'same recording', music: 'same music', passage: 'a copied passage' };

/** A recording AcoustID found for the upload's Chromaprint fingerprint: held for review. */
export const externalMatchSchema = z.object({
  source: z.literal('acoustid'),
  /** AcoustID's track id. */
  acoustidId: z.string(),
  /** AcoustID's score, 0–1. */
  score: z.number().min(0).max(1),
  recording: z.object({ mbid: z.string(), title: z.string().nullable(), artists: z.array(z.string()) }),
  release: z.object({ mbid: z.string(), title: z.string().nullable() }).nullable(),
});
export type ExternalMatch = z.infer<typeof externalMatchSchema>;

function counted(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** What was searched, in words: "1,204 GOOSE works, 3,400 reference recordings from 2 rights holders and AcoustID's catalogue". */
export function describeSearched(searched: SearchedSources): string {
  const parts = [counted(searched.works, 'GOOSE work', 'GOOSE works')];
  parts.push(`${counted(searched.references, 'reference recording', 'reference recordings')} from ${counted(searched.referenceHolders, 'rights holder', 'rights holders')}`);
  if (searched.acoustid === 'asked') parts.push("AcoustID's catalogue of MusicBrainz recordings");
  const list = parts.length === 2 ? parts.join(' and ') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  if (searched.acoustid === 'asked') return list;
  const why = searched.acoustidNote ? ` (${searched.acoustidNote})` : '';
  return `${list}; AcoustID ${searched.acoustid === 'unavailable' ? 'could not be asked' : 'was not asked'}${why}`;
}

/** The sentence a check that found nothing reads: never a bare "clear". */
export function noMatchAmong(searched: SearchedSources): string {
  return `No match among ${describeSearched(searched)}.`;
}

/** What a check recorded before reference catalogues searched: GOOSE's registered works only. */
export const SEARCHED_BEFORE_SOURCES = 'the GOOSE works registered at the time (reference recordings and AcoustID were not searched then)';

/** What an image or text check searches: the registered works of its kind. */
export const SEARCHED_OTHER_KINDS = 'the GOOSE works of its kind registered at the time (reference recordings and AcoustID cover audio only)';

/**
 * What a check searched, in words, for checks recorded with or without `searched`: an image, text
 * or document check (contentKind) never searches references or AcoustID; an audio check recorded
 * before sources were counted searched GOOSE works only.
 */
export function searchedWords(searched: SearchedSources | null | undefined, contentKind?: string): string {
  if (searched) return describeSearched(searched);
  return contentKind && contentKind !== 'audio' && contentKind !== 'video' ? SEARCHED_OTHER_KINDS : SEARCHED_BEFORE_SOURCES;
}

/** "No match among …" for checks recorded with or without `searched`. */
export function noMatchSentence(searched: SearchedSources | null | undefined): string {
  return searched ? noMatchAmong(searched) : `No match among ${SEARCHED_BEFORE_SOURCES}.`;
}

/** A reference match as the uploader and the API see it: title, holder and ranges, never the reference's id. */
export const shownReferenceMatchSchema = referenceMatchSchema.omit({ referenceId: true });
export type ShownReferenceMatch = z.infer<typeof shownReferenceMatchSchema>;
