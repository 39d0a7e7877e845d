// A work's View Details dialog: every field of the registry entry, its
// fingerprints and attestations, its 30-second preview for anyone but its owner, a link to its proofs in the proof explorer, the License button,
// and for its signed-in owner the identifiers editor. Opened by ?work=<id>, so a conflict in the
// copyright oracle can link straight to it.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { Work } from '../../../../../domain/contracts/registry';
import { WorkPreview } from '../../../components/media/work-preview';
import { Fact } from '../../../components/ui/fact';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useWork } from '../api/works';
import { CONTENT_TYPE_LABELS, marketplaceUrl, workProofsUrl } from '../registry-search';
import { IdentifiersEditor } from './identifiers-editor';
import { IdentifierList, LevelBadge, OracleScore } from './work-card';

interface WorkDetailsDialogProps {
  workId: string | null;
  /** The signed-in user's username, null for a visitor. */
  viewer: string | null;
  onHide(): void;
  onNavigate(url: string): void;
}

export function WorkDetailsDialog({ workId, viewer, onHide, onNavigate }: WorkDetailsDialogProps) {
  const work = useWork(workId);
  return (
    <Dialog header={work.data?.title ?? 'Work details'} visible={workId !== null} onHide={onHide} className="registry-dialog" draggable={false} modal>
      {work.isPending && <Skeleton height="14rem" aria-label="Loading the work" />}
      {work.isError &&
        (work.error instanceof ApiError && work.error.status === 404 ? (
          <Message severity="warn" text="Work not found: it is not in the registry (only registered works are public)." />
        ) : (
          <Message severity="error" text={`The work could not be loaded: ${errorMessage(work.error, 'unknown error')}`} />
        ))}
      {work.data && <WorkDetails work={work.data} isOwner={viewer !== null && viewer === work.data.creator} onNavigate={onNavigate} />}
    </Dialog>
  );
}

export function WorkDetails({ work, isOwner, onNavigate }: { work: Work; isOwner: boolean; onNavigate(url: string): void }) {
  return (
    <div className="registry-details">
      <div className="registry-card__tags">
        <Tag value={CONTENT_TYPE_LABELS[work.contentType]} severity="secondary" />
        <LevelBadge work={work} />
        {work.disputes.active > 0 && <Tag value="Disputed" severity="danger" icon="pi pi-exclamation-triangle" />}
      </div>
      <dl className="facts">
        <Fact term="Work id">
          <code>{work.id}</code>
        </Fact>
        <Fact term="Creator">{work.creator}</Fact>
        <Fact term="Genre">{work.genre ?? 'Not given'}</Fact>
        <Fact term="Registered">{formatDateTime(work.metadata.createdAt)}</Fact>
        <Fact term="Oracle score">
          <OracleScore score={work.oracleScore} />
        </Fact>
        <Fact term="Verification level" wide>
          <LevelBadge work={work} /> <span className="small">{work.verificationReason}</span>
        </Fact>
        <Fact term="Certificate">{work.metadata.certificateId ? <code>{work.metadata.certificateId}</code> : 'No certificate'}</Fact>
        <Fact term="Ledger status">{work.metadata.ledgerStatus ?? 'Not submitted'}</Fact>
        {work.metadata.xrplTxHash && (
          <Fact term="Ledger transaction" wide>
            <code>{work.metadata.xrplTxHash}</code>
          </Fact>
        )}
        <Fact term="Licenses">
          {work.licenses.available} available · {work.licenses.active} active · ${(work.licenses.revenue / 100).toFixed(2)} revenue
        </Fact>
        <Fact term="Disputes">
          {work.disputes.active} active · {work.disputes.resolved} resolved · {work.disputes.total} total
        </Fact>
      </dl>

      {!isOwner && work.contentType === 'audio' && <WorkPreview workId={work.id} title={work.title} />}

      <section aria-label="Identifiers">
        <h4>Identifiers</h4>
        <IdentifierList identifiers={work.identifiers} />
      </section>

      <section aria-label="Fingerprints">
        <h4>Fingerprints</h4>
        {work.fingerprints.length === 0 ? (
          <p className="muted small">The copyright check recorded no fingerprints for this work.</p>
        ) : (
          <ul className="registry-list">
            {work.fingerprints.map((fingerprint) => (
              <li key={`${fingerprint.algorithm}-${fingerprint.hash}`}>
                <strong>{fingerprint.algorithm}</strong> <span className="muted">{Math.round(fingerprint.confidence)}% confidence</span> <code>{fingerprint.hash}</code>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Attestations">
        <h4>Attestations</h4>
        {work.attestations.length === 0 ? (
          <p className="muted small">No attestations yet.</p>
        ) : (
          <ul className="registry-list">
            {work.attestations.map((attestation) => (
              <li key={attestation.id}>
                <Tag value={attestation.verified ? 'Verified' : 'Not verified'} severity={attestation.verified ? 'success' : 'warning'} /> <strong>{attestation.type.replaceAll('_', ' ')}</strong>{' '}
                <span className="muted small">
                  by {attestation.issuer}, {formatDateTime(attestation.timestamp)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="button-row">
        <Button label="View proofs" icon="pi pi-verified" outlined onClick={() => onNavigate(workProofsUrl(work.id))} />
        <Button label="License" icon="pi pi-shopping-bag" onClick={() => onNavigate(marketplaceUrl(work.id))} />
      </div>

      {isOwner && <IdentifiersEditor key={work.id} work={work} />}
    </div>
  );
}
