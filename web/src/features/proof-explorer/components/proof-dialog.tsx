// The View Proof dialog: tabs Overview, Blockchain, Signature, Evidence and
// Verification with the proof's real data only. A transaction that awaits submission says so and
// gets no explorer link; the Download button gives the signed bundle anyone can check on /verify.
// Above the tabs, an audio work's 30-second preview (nothing for other works).
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import type { Proof } from '../../../../../domain/contracts/proofs';
import { WorkPreview } from '../../../components/media/work-preview';
import { Fact } from '../../../components/ui/fact';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useProof } from '../api/proofs';
import { PROOF_STATUS_LABELS, PROOF_STATUS_SEVERITY, blockchainLink, challengeDecided, proofBundleFileName, proofBundleUrl, proofDocumentUrl, proofScoreColour, proofTypeLabel, sizeInKb } from '../proof-search';
import { Copyable } from './copy-button';
import { DownloadButton } from './download-button';

export function ProofDialog({ proofId, onHide }: { proofId: string | null; onHide(): void }) {
  const proof = useProof(proofId);
  return (
    <Dialog header={proof.data ? `Proof: ${proof.data.workTitle}` : 'Proof'} visible={proofId !== null} onHide={onHide} className="proof-dialog" draggable={false} modal>
      {proof.isPending && <Skeleton height="16rem" aria-label="Loading the proof" />}
      {proof.isError &&
        (proof.error instanceof ApiError && proof.error.status === 404 ? (
          <Message severity="warn" text="Proof not found" />
        ) : (
          <Message severity="error" text={`The proof could not be loaded: ${errorMessage(proof.error, 'unknown error')}`} />
        ))}
      {proof.data && <WorkPreview workId={proof.data.workId} title={proof.data.workTitle} />}
      {proof.data && <ProofTabs proof={proof.data} />}
    </Dialog>
  );
}

export function StatusBadge({ status }: { status: Proof['status'] }) {
  return <Tag value={PROOF_STATUS_LABELS[status]} severity={PROOF_STATUS_SEVERITY[status]} />;
}

export function ProofScore({ score }: { score: number | null }) {
  if (score === null) return <span className="muted">Not scored</span>;
  return (
    <span className={`proof-score proof-score--${proofScoreColour(score)}`} data-colour={proofScoreColour(score)}>
      {Math.round(score)}%
    </span>
  );
}

export function ProofActions({ proof }: { proof: Proof }) {
  const link = blockchainLink(proof);
  return (
    <div className="button-row">
      <DownloadButton url={proofBundleUrl(proof.id)} fileName={proofBundleFileName(proof.id)} />
      {link ? (
        <a className="p-button p-component p-button-outlined p-button-sm" href={link} target="_blank" rel="noopener noreferrer">
          <i className="pi pi-external-link p-button-icon p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">Blockchain</span>
        </a>
      ) : (
        <Button label="Blockchain" icon="pi pi-external-link" outlined size="small" disabled tooltip={proof.attestation.confirmation} tooltipOptions={{ showOnDisabled: true }} />
      )}
    </div>
  );
}

export const PROOF_TABS = ['Overview', 'Blockchain', 'Signature', 'Evidence', 'Verification'] as const;

export function ProofTabs({ proof, initialTab = 'Overview' }: { proof: Proof; initialTab?: (typeof PROOF_TABS)[number] }) {
  const { attestation, signature, evidence, verification } = proof;
  const [activeIndex, setActiveIndex] = useState<number>(PROOF_TABS.indexOf(initialTab));
  return (
    <div className="proof-details">
      <TabView activeIndex={activeIndex} onTabChange={(event) => setActiveIndex(event.index)}>
        <TabPanel header="Overview">
          <dl className="facts">
            <Fact term="Proof id" wide>
              <Copyable text={proof.id} itemName="Proof id" />
            </Fact>
            <Fact term="Work title">
              {proof.workTitle} <a href={`/rights-registry?work=${encodeURIComponent(proof.workId)}`}>View in the registry</a>
            </Fact>
            <Fact term="Creator">{proof.creator}</Fact>
            <Fact term="Type">{proofTypeLabel(proof.type)}</Fact>
            <Fact term="Status">
              <StatusBadge status={proof.status} />
            </Fact>
            <Fact term="Oracle score">
              <ProofScore score={verification.oracleScore} />
            </Fact>
            <Fact term="Created">{formatDateTime(proof.createdAt)}</Fact>
          </dl>
        </TabPanel>
        <TabPanel header="Blockchain">
          <dl className="facts">
            <Fact term="Network">{attestation.networkId}</Fact>
            {attestation.polygonTransactionId && (
              <Fact term="Ledger transaction id" wide>
                <Copyable text={attestation.polygonTransactionId} itemName="Ledger transaction id" />
              </Fact>
            )}
            <Fact term="Blockchain hash" wide>
              <Copyable text={attestation.blockchainHash} itemName="Blockchain hash" />
            </Fact>
            {attestation.ipfsHash && (
              <Fact term="IPFS hash" wide>
                <Copyable text={attestation.ipfsHash} itemName="IPFS hash" />
              </Fact>
            )}
            <Fact term="Timestamp">{attestation.timestamp ? formatDateTime(attestation.timestamp) : 'Not on a ledger yet'}</Fact>
            <Fact term="Block height">{attestation.blockHeight ?? 'None yet'}</Fact>
            <Fact term="Confirmations" wide>
              {attestation.confirmation}
            </Fact>
          </dl>
        </TabPanel>
        <TabPanel header="Signature">
          <dl className="facts">
            <Fact term="Algorithm">{signature.algorithm}</Fact>
            <Fact term="Key id">
              <code>{signature.keyId}</code>
            </Fact>
            <Fact term="Public key" wide>
              <Copyable text={signature.publicKey} itemName="Public key" />
            </Fact>
            <Fact term="Signature" wide>
              <Copyable text={signature.signature} itemName="Signature" />
            </Fact>
            <Fact term="Issuer">{signature.issuer}</Fact>
            <Fact term="Valid from">{formatDateTime(signature.validFrom)}</Fact>
            <Fact term="Valid until">{signature.validUntil ? formatDateTime(signature.validUntil) : 'No expiration'}</Fact>
          </dl>
        </TabPanel>
        <TabPanel header="Evidence">
          <h4>Documents</h4>
          {evidence.documents.length === 0 ? (
            <p className="muted small">No documents.</p>
          ) : (
            <ul className="proof-list" aria-label="Documents">
              {evidence.documents.map((document) => (
                <li key={document.id} className="inset-box proof-document">
                  <div>
                    <strong>{document.filename}</strong> <span className="muted small">{document.mimeType} · {sizeInKb(document.size)}</span>
                  </div>
                  <div className="small">
                    SHA-256 <Copyable text={document.hash} itemName={`SHA-256 of ${document.filename}`} />
                  </div>
                  <div>
                    <DownloadButton url={proofDocumentUrl(proof.id, document.id)} fileName={document.filename} ariaLabel={`Download ${document.filename}`} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <h4>Audio fingerprints</h4>
          {evidence.fingerprints.length === 0 ? (
            <p className="muted small">No fingerprints were recorded for this work.</p>
          ) : (
            <ul className="proof-list" aria-label="Audio fingerprints">
              {evidence.fingerprints.map((fingerprint) => (
                <li key={`${fingerprint.algorithm}-${fingerprint.hash}`}>
                  <strong>{fingerprint.algorithm}</strong> <span className="muted small">{Math.round(fingerprint.confidence)}% confidence</span> <code>{fingerprint.hash}</code>
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
        <TabPanel header="Verification">
          <dl className="facts">
            <Fact term="Oracle score">
              <ProofScore score={verification.oracleScore} />
            </Fact>
            <Fact term="Verification date">{verification.verificationDate ? formatDateTime(verification.verificationDate) : 'Not verified yet'}</Fact>
            <Fact term="Verified by" wide>
              {verification.verifiedBy.length === 0 ? 'Nobody yet' : verification.verifiedBy.join(', ')}
            </Fact>
          </dl>
          <h4>Challenges</h4>
          {verification.challenges.length === 0 ? (
            <p className="muted small">No challenges</p>
          ) : (
            <ul className="proof-list" aria-label="Challenges">
              {verification.challenges.map((challenge) => (
                <li key={challenge.id} className="inset-box">
                  <strong>{proofTypeLabel(challenge.type)}</strong> <span className="small">challenged by {challenge.challengedBy}</span>{' '}
                  <Tag value={proofTypeLabel(challenge.status)} severity={challengeDecided(challenge.status) ? undefined : 'warning'} />
                  {challenge.resolution && <p className="small">Resolution: {challenge.resolution}</p>}
                </li>
              ))}
            </ul>
          )}
        </TabPanel>
      </TabView>
      <ProofActions proof={proof} />
    </div>
  );
}
