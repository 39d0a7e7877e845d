// One case in the list: type icon, subject, status and priority badges, work title and
// claimant, description, claimed rights, the red Assets Frozen box, relative created time, evidence and
// message counts, the assignee, and the buttons View Details, Add Evidence (when the server allows it
// and the case waits for evidence, or for a party) and Messages (when there are any).
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { Dispute } from '../../../../../domain/contracts/disputes';
import { canAddEvidence, DISPUTE_TYPE_DISPLAY, formatDollars, PRIORITY_DISPLAY, relativeCreated, RIGHT_LABELS, STATUS_DISPLAY } from '../labels';

export type DetailTab = 'overview' | 'evidence' | 'messages' | 'timeline' | 'resolution';

export function DisputeRow({ dispute, now, onOpen }: { dispute: Dispute; now: Date; onOpen(tab: DetailTab): void }) {
  const type = DISPUTE_TYPE_DISPLAY[dispute.disputeType];
  const status = STATUS_DISPLAY[dispute.status];
  const priority = PRIORITY_DISPLAY[dispute.priority];
  const frozen = dispute.frozenAssets;
  const documents = dispute.evidence.documents.length;
  const messages = dispute.messages.length;
  return (
    <article className="dispute-row" aria-label={dispute.subject}>
      <div className="dispute-row__icon" aria-hidden="true">
        <i className={`pi ${type.icon}`} />
      </div>
      <div className="dispute-row__body">
        <div className="dispute-row__heading">
          <h3>{dispute.subject}</h3>
          <Tag value={status.label} severity={status.severity} />
          <Tag value={priority.label} severity={priority.severity} icon="pi pi-flag" />
          {dispute.kind === 'oracle_review' && <Tag value="Oracle review" severity="secondary" icon="pi pi-shield" />}
        </div>
        <p className="muted dispute-row__work">
          {type.label} · <strong>{dispute.workTitle}</strong> · claimed by {dispute.claimantName}
        </p>
        <p className="dispute-row__description">{dispute.description}</p>
        {dispute.claimedRights.length > 0 && (
          <div className="dispute-row__rights" aria-label="Claimed rights">
            {dispute.claimedRights.map((right) => (
              <Tag key={right} value={RIGHT_LABELS[right]} severity="secondary" rounded />
            ))}
          </div>
        )}
        {(frozen.payoutsFreeze || frozen.licensingFreeze) && (
          <div className="dispute-frozen" role="note">
            <strong>
              <i className="pi pi-lock" aria-hidden="true" /> Assets Frozen
            </strong>
            <span>{frozen.payoutsFreeze ? 'Payouts frozen' : 'Payouts not frozen'}</span>
            <span>{frozen.licensingFreeze ? 'Licensing frozen' : 'Licensing not frozen'}</span>
            <span>Estimated value affected: {formatDollars(frozen.estimatedValue)}</span>
          </div>
        )}
        <p className="muted dispute-row__meta">
          <span>
            <i className="pi pi-calendar" aria-hidden="true" /> {relativeCreated(dispute.createdAt, now)}
          </span>
          <span>
            <i className="pi pi-paperclip" aria-hidden="true" /> {documents === 1 ? '1 document' : `${documents} documents`}
          </span>
          <span>
            <i className="pi pi-comments" aria-hidden="true" /> {messages === 1 ? '1 message' : `${messages} messages`}
          </span>
          <span>
            <i className="pi pi-user" aria-hidden="true" /> {dispute.assignedToName ?? 'Unassigned'}
          </span>
        </p>
      </div>
      <div className="dispute-row__actions">
        <Button label="View Details" icon="pi pi-eye" size="small" onClick={() => onOpen('overview')} />
        {canAddEvidence(dispute) && <Button label="Add Evidence" icon="pi pi-upload" size="small" outlined onClick={() => onOpen('evidence')} />}
        {messages > 0 && <Button label="Messages" icon="pi pi-comments" size="small" text onClick={() => onOpen('messages')} />}
      </div>
    </article>
  );
}
