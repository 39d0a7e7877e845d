// What a finished copyright check found: the clearance score and verdict, what it searched (a check
// that found nothing reads "No match among …", never a bare "cleared"), the conflicting works by
// name (and the creator's way to contest a conflict), rights holders' references and AcoustID's
// recordings it matched, the passages of a track held for review (and its review request), its
// recommendations, and what it could not check.
import { Tag } from 'primereact/tag';
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';
import { ContestConflict, isConflict } from '../copyright/contest-conflict';
import { ExternalMatches, listsExternalMatchesApart } from '../copyright/external-match';
import { HeldForReview } from '../copyright/held-for-review';
import { noMatchText } from '../../lib/track/no-match';
import { describeConflict, describeReferenceMatch, isHeldForReview, registryWorkUrl } from '../copyright/registered-work';
import './track-workflow.css';

const VERDICTS: Record<string, { label: string; severity: 'success' | 'danger' | 'warning' | 'secondary' }> = {
  cleared: { label: 'No match found', severity: 'success' },
  conflict: { label: 'Conflict', severity: 'danger' },
  needs_review: { label: 'Needs review', severity: 'warning' },
  not_available: { label: 'Not available', severity: 'secondary' },
};

export function verdictDisplay(verdict: string) {
  return VERDICTS[verdict] ?? { label: verdict.replace(/_/g, ' '), severity: 'secondary' as const };
}

/** True when the check has a result worth showing. */
export function hasCheckReport(check: CopyrightCheck | null): check is CopyrightCheck {
  return Boolean(check && (check.status === 'completed' || check.status === 'failed') && (check.clearanceScore !== null || check.verdict !== null));
}

export function CopyrightCheckReport({ check }: { check: CopyrightCheck }) {
  const verdict = check.verdict ? verdictDisplay(check.verdict) : null;
  return (
    <div className="check-report">
      <div className="check-report__headline">
        {check.clearanceScore !== null && (
          <div className="check-report__score">
            <span className="muted small">Clearance score</span>
            <strong className="gradient-text">{check.clearanceScore}%</strong>
          </div>
        )}
        {verdict && <Tag value={verdict.label} severity={verdict.severity} aria-label={`Verdict: ${verdict.label}`} />}
      </div>
      {check.verdict === 'cleared' && <p className="check-report__searched">{noMatchText(check)}</p>}
      {check.verdict !== 'cleared' && check.searchedDescription && <p className="muted small">Searched: {check.searchedDescription}.</p>}
      <dl className="facts">
        <div>
          <dt>Databases checked</dt>
          <dd>{check.databasesChecked ?? '—'}</dd>
        </div>
        <div>
          <dt>Records scanned</dt>
          <dd>{check.recordsScanned !== null ? check.recordsScanned.toLocaleString('en-US') : '—'}</dd>
        </div>
        <div>
          <dt>Conflicts</dt>
          <dd>{check.conflicts.length}</dd>
        </div>
      </dl>
      {check.conflicts.length > 0 && (
        <ul className="check-report__list" aria-label="Conflicting works">
          {check.conflicts.map((conflict) => (
            <li key={`${conflict.workId}-${conflict.kind}`}>
              {describeConflict(conflict)} <a href={registryWorkUrl(conflict.workId)}>View in the registry</a>
            </li>
          ))}
        </ul>
      )}
      {check.referenceMatches.length > 0 && (
        <>
          <h5 className="check-report__subtitle">Rights holders' reference recordings it matches</h5>
          <ul className="check-report__list" aria-label="Reference recordings matched">
            {check.referenceMatches.map((match) => (
              <li key={`${match.title}-${match.holderName}-${match.upload.startSeconds}`}>{describeReferenceMatch(match)}</li>
            ))}
          </ul>
        </>
      )}
      {listsExternalMatchesApart(check) && <ExternalMatches matches={check.externalMatches} />}
      {isConflict(check) && <ContestConflict check={check} />}
      {isHeldForReview(check) && <HeldForReview check={check} />}
      {check.recommendations.length > 0 && (
        <>
          <h5 className="check-report__subtitle">Recommendations</h5>
          <ul className="check-report__list" aria-label="Recommendations">
            {check.recommendations.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
      {check.notChecked.length > 0 && (
        <>
          <h5 className="check-report__subtitle">Not checked</h5>
          <ul className="check-report__list check-report__list--muted" aria-label="Not checked">
            {check.notChecked.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
