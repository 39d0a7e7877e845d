// One registry result: title, creator, content type, verification level, the oracle
// score in its colour, identifiers, license and dispute counts, a Disputed badge while a
// dispute is active, and the View Details and License buttons.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { IDENTIFIER_TYPES, type Work } from '../../../../../domain/contracts/registry';
import { ContentTypeIcon } from '../../../components/ui/content-type-icon';
import {
  CONTENT_TYPE_LABELS,
  IDENTIFIER_LABELS,
  VERIFICATION_LEVEL_LABELS,
  VERIFICATION_LEVEL_SEVERITY,
  marketplaceUrl,
  registryScoreColour,
} from '../registry-search';

export function OracleScore({ score }: { score: number | null }) {
  if (score === null) return <span className="registry-score registry-score--none">Oracle score: not scored</span>;
  return (
    <span className={`registry-score registry-score--${registryScoreColour(score)}`} data-colour={registryScoreColour(score)}>
      Oracle score: {Math.round(score)}%
    </span>
  );
}

export function LevelBadge({ work }: { work: Pick<Work, 'verificationLevel' | 'verificationReason'> }) {
  return <Tag value={VERIFICATION_LEVEL_LABELS[work.verificationLevel]} severity={VERIFICATION_LEVEL_SEVERITY[work.verificationLevel]} icon="pi pi-verified" title={work.verificationReason} />;
}

export function IdentifierList({ identifiers }: { identifiers: Work['identifiers'] }) {
  const present = IDENTIFIER_TYPES.filter((type) => identifiers[type] !== null);
  if (present.length === 0) return <p className="muted small">No identifiers yet</p>;
  return (
    <ul className="registry-identifiers" aria-label="Identifiers">
      {present.map((type) => (
        <li key={type}>
          <span className="muted">{IDENTIFIER_LABELS[type]}</span> <code>{identifiers[type]}</code>
        </li>
      ))}
    </ul>
  );
}

interface WorkCardProps {
  work: Work;
  onViewDetails(workId: string): void;
  /** Goes to the marketplace address given (the work's offers). */
  onLicense(url: string): void;
}

export function WorkCard({ work, onViewDetails, onLicense }: WorkCardProps) {
  return (
    <Card className="registry-card" data-work-id={work.id}>
      <div className="registry-card__head">
        <ContentTypeIcon type={work.contentType === 'audio' ? 'music' : work.contentType} />
        <div className="registry-card__heading">
          <h3 className="registry-card__title">{work.title}</h3>
          <p className="muted small">by {work.creator}</p>
        </div>
        {work.disputes.active > 0 && <Tag value="Disputed" severity="danger" icon="pi pi-exclamation-triangle" />}
      </div>
      <div className="registry-card__tags">
        <Tag value={CONTENT_TYPE_LABELS[work.contentType]} severity="secondary" />
        <LevelBadge work={work} />
        {work.genre && <Tag value={work.genre} severity="secondary" />}
      </div>
      <OracleScore score={work.oracleScore} />
      <IdentifierList identifiers={work.identifiers} />
      <p className="small registry-card__counts">
        <span>
          Licenses: {work.licenses.available} available · {work.licenses.active} active
        </span>
        <span>
          Disputes: {work.disputes.active} active · {work.disputes.total} total
        </span>
      </p>
      <div className="button-row">
        <Button label="View Details" icon="pi pi-eye" outlined size="small" onClick={() => onViewDetails(work.id)} />
        <Button label="License" icon="pi pi-shopping-bag" size="small" onClick={() => onLicense(marketplaceUrl(work.id))} />
      </div>
    </Card>
  );
}
