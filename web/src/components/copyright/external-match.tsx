// How the web names a recording AcoustID found for an upload: the MusicBrainz recording (title and
// artists), the release it is on, and AcoustID's score, with a link to the recording on MusicBrainz.
// A held track lists them with its evidence (held-for-review.tsx); a check report shows them too
// when the track was not held (a conflict with a registered work came first).
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';
import { isHeldForReview } from './registered-work';
import './held-for-review.css';

export type CheckExternalMatch = CopyrightCheck['externalMatches'][number];

/** A recording's (or release's) page on MusicBrainz. */
export function musicBrainzUrl(kind: 'recording' | 'release', mbid: string): string {
  return `https://musicbrainz.org/${kind}/${encodeURIComponent(mbid)}`;
}

/** "“Harbour Song” by The Lighthouse Keepers, on “Tides” (AcoustID score 97%)". */
export function describeExternalMatch(match: CheckExternalMatch): string {
  const title = match.recording.title ? `“${match.recording.title}”` : 'An untitled MusicBrainz recording';
  const artists = match.recording.artists.length > 0 ? ` by ${match.recording.artists.join(', ')}` : '';
  const release = match.release?.title ? `, on “${match.release.title}”` : '';
  return `${title}${artists}${release} (AcoustID score ${Math.round(match.score * 100)}%)`;
}

/** A report lists the recordings apart when there are some and the held-for-review block does not list them. */
export function listsExternalMatchesApart(check: CopyrightCheck): boolean {
  return check.externalMatches.length > 0 && !isHeldForReview(check);
}

/** The recordings AcoustID found, each with its MusicBrainz page. */
export function ExternalMatches({ matches }: { matches: readonly CheckExternalMatch[] }) {
  return (
    <>
      <h5 className="held-review__subtitle">Found in AcoustID (MusicBrainz recordings)</h5>
      <ul className="held-review__passages" aria-label="Recordings AcoustID found">
        {matches.map((match) => (
          <li key={match.recording.mbid}>
            {describeExternalMatch(match)}{' '}
            <a href={musicBrainzUrl('recording', match.recording.mbid)} target="_blank" rel="noreferrer">
              View on MusicBrainz
            </a>
            {match.release && (
              <>
                {' · '}
                <a href={musicBrainzUrl('release', match.release.mbid)} target="_blank" rel="noreferrer">
                  the release
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
