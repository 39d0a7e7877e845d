// How the web names a registered work that a copyright check matched (its title, its creator's
// public username, its registration date) and, for a track held for review, the passages side by side.
// Checks recorded before works were named carry only an internal owner id, which is never shown.
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';
import { formatDuration } from '../../lib/format';
import { REFERENCE_MATCH_KIND_TEXT } from '../../../../domain/contracts/copyright-sources';

export type CheckConflict = CopyrightCheck['conflicts'][number];
export type CheckPassage = CopyrightCheck['passages'][number];

/**
 * The registry entry of a work a check matched (its View Details opens from ?work=). The oracle
 * names a work registered through the track lifecycle `<trackId>:<checkId>`; the registry names
 * it by the track id, the part before the colon.
 */
export function registryWorkUrl(oracleWorkId: string): string {
  const [trackId = oracleWorkId] = oracleWorkId.split(':');
  return `/rights-registry?work=${encodeURIComponent(trackId)}`;
}

/** True when the latest finished check held the track for review. */
export function isHeldForReview(check: CopyrightCheck | null): check is CopyrightCheck {
  return check?.status === 'completed' && check.verdict === 'needs_review';
}

/** "12 Mar 2026": the day a work was registered or a review requested (UTC, so it reads the same everywhere). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** "“Harbour Lights” by alice, registered 24 Nov 2026". */
export function describeWork(work: { title: string; owner: string; registeredAt: string }): string {
  return `“${work.title}” by ${work.owner}, registered ${formatDay(work.registeredAt)}`;
}

/** A conflict by the work's name; an older one that did not record it says so rather than show an id. */
export function describeConflict(conflict: CheckConflict): string {
  const work = conflict.title !== null && conflict.registeredAt !== null
    ? describeWork({ title: conflict.title, owner: conflict.owner, registeredAt: conflict.registeredAt })
    : 'a registered work (this check did not record its name)';
  return `${conflict.similarity}% ${conflict.kind} similarity to ${work}`;
}

function formatRange(range: { startSeconds: number; endSeconds: number }): string {
  return `${formatDuration(range.startSeconds)}–${formatDuration(range.endSeconds)}`;
}

/** "0:42–1:10 of your track ↔ 1:05–1:33 of “Title” by alice, registered 12 Mar 2026, melody, 71 % similar". */
export function describePassage(passage: CheckPassage): string {
  return `${formatRange(passage.upload)} of your track ↔ ${formatRange(passage.work)} of ${describeWork(passage)}, ${passage.kind}, ${Math.round(passage.similarity)} % similar`;
}

export type CheckReferenceMatch = CopyrightCheck['referenceMatches'][number];


/** "“Night Ferry”, a reference recording of Harbour Records: same recording, 97 % similar, 0:00–0:30 of your track ↔ 0:00–0:30 of it". */
export function describeReferenceMatch(match: CheckReferenceMatch): string {
  return `“${match.title}”, a reference recording of ${match.holderName}: ${REFERENCE_MATCH_KIND_TEXT[match.kind]}, ${Math.round(match.similarity)} % similar, ${formatRange(match.upload)} of your track ↔ ${formatRange(match.reference)} of it`;
}
