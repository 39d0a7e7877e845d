// One proof in the explorer's results: type, status, work, creator, the oracle score
// in its colour, the network and transaction, and the View Proof, Download and Blockchain buttons.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import type { Proof } from '../../../../../domain/contracts/proofs';
import { formatDateTime } from '../../../lib/format';
import { proofTypeLabel } from '../proof-search';
import { ProofActions, ProofScore, StatusBadge } from './proof-dialog';

export function ProofCard({ proof, onView }: { proof: Proof; onView(proofId: string): void }) {
  return (
    <Card className="proof-card" data-proof-id={proof.id}>
      <div className="proof-card__head">
        <div>
          <h3 className="proof-card__title">{proof.workTitle}</h3>
          <p className="muted small">by {proof.creator}</p>
        </div>
        <StatusBadge status={proof.status} />
      </div>
      <div className="proof-card__tags">
        <Tag value={proofTypeLabel(proof.type)} severity="info" />
        <Tag value={proof.attestation.networkId} severity="secondary" />
      </div>
      <p className="small">
        Oracle score: <ProofScore score={proof.verification.oracleScore} />
      </p>
      <p className="small muted">
        {formatDateTime(proof.createdAt)} · {proof.attestation.confirmation}
      </p>
      <div className="button-row">
        <Button label="View Proof" icon="pi pi-eye" size="small" onClick={() => onView(proof.id)} />
      </div>
      <ProofActions proof={proof} />
    </Card>
  );
}
