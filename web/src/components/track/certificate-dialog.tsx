// The certificate dialog of a registered vault item: the certificate's facts,
// where its XRPL transaction stands (in plain words: a signed transaction that no ledger has seen
// is never called on chain), the explorers only once a ledger holds the transaction (before, their
// links could only answer "not found"), where the registration is recorded (its "external
// database sync", which is GOOSE's own registry and the XRP Ledger), the public verification
// page, and 'View PDF' for the certificate viewer. A generated work's certificate also says how it
// was made: the engine, the request, every output's full hash and who signed its C2PA manifest.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import type { CertificateResponse } from '../../../../domain/contracts/lifecycle';
import { Fact } from '../ui/fact';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { EXPLORERS } from '../../lib/track/ledger-status';
import { useCertificate } from '../../lib/track/api/get-certificate';
import { isOnLedger, ledgerStatusLabel, ledgerStatusSeverity } from '../../lib/track/status-labels';
import { CertificateViewerDialog } from './certificate-viewer-dialog';
import { SyncStatusTable } from './sync-status-table';
import './certificate.css';

interface CertificateDialogProps {
  contentId: string;
  title: string;
  visible: boolean;
  onHide(): void;
}

export function CertificateDialog({ contentId, title, visible, onHide }: CertificateDialogProps) {
  const certificate = useCertificate(contentId, { enabled: visible });
  const [viewerOpen, setViewerOpen] = useState(false);
  const data = certificate.data;

  return (
    <>
      <Dialog
        header="Copyright Certificate"
        visible={visible}
        onHide={onHide}
        className="certificate-dialog"
        draggable={false}
        dismissableMask
        footer={
          <div className="button-row certificate-dialog__footer">
            <Button label="View PDF" icon="pi pi-file-pdf" disabled={!data} onClick={() => setViewerOpen(true)} />
            <Button label="Close" outlined onClick={onHide} />
          </div>
        }
      >
        {certificate.isPending && (
          <div aria-busy="true" aria-label={`Loading the certificate of ${title}`}>
            <Skeleton height="1.5rem" width="60%" className="certificate-skeleton" />
            <Skeleton height="8rem" />
          </div>
        )}
        {certificate.isError && <Message severity="error" text={`The certificate of "${title}" could not be loaded: ${errorMessage(certificate.error, 'unknown error')}`} />}
        {data && <CertificateDetails certificate={data} />}
      </Dialog>
      {data && <CertificateViewerDialog contentId={contentId} pdfFileName={data.pdfFileName} visible={viewerOpen} onHide={() => setViewerOpen(false)} />}
    </>
  );
}

export function CertificateDetails({ certificate }: { certificate: CertificateResponse }) {
  const onLedger = isOnLedger(certificate.ledgerStatus);
  const txExplorer = onLedger
    ? EXPLORERS.map(({ key, name }) => ({ name, url: certificate.blockchainExplorer[key] })).find((explorer): explorer is { name: string; url: string } => Boolean(explorer.url))
    : undefined;
  const verification = ledgerStatusLabel(certificate.ledgerStatus);
  const headingId = useId();
  return (
    <div className="certificate">
      <dl className="certificate__facts">
        <Fact term="Certificate ID">
          <code>{certificate.certificateId}</code>
        </Fact>
        <Fact term="Title">{certificate.title}</Fact>
        <Fact term="Owner">{certificate.owner}</Fact>
        <Fact term="Status">
          <span className="certificate__capitalised">{certificate.copyrightStatus}</span>
        </Fact>
        <Fact term="Registration date">{formatDateTime(certificate.registrationDate)}</Fact>
        <Fact term="Blockchain network">{certificate.blockchainNetwork}</Fact>
        <Fact term="Wallet" wide>
          <code>{certificate.walletAddress}</code>
        </Fact>
        <Fact term="Transaction hash" wide>
          <code className="certificate__hash">{certificate.xrplTxHash}</code>
          {txExplorer && (
            <a className="certificate__link" href={txExplorer.url} target="_blank" rel="noopener noreferrer">
              View transaction on {txExplorer.name} <i className="pi pi-external-link" aria-hidden="true" />
            </a>
          )}
        </Fact>
        <Fact term="Verification" wide>
          <Tag value={verification} severity={ledgerStatusSeverity(certificate.ledgerStatus)} icon={onLedger ? 'pi pi-check-circle' : 'pi pi-clock'} />
          {certificate.verificationStatus.toLowerCase() !== verification.toLowerCase() && (
            <span className="muted small"> Recorded when issued: {certificate.verificationStatus}</span>
          )}
        </Fact>
        <Fact term="SHA-256" wide>
          <code className="certificate__hash">{certificate.sha256}</code>
        </Fact>
        <Fact term="Signature" wide>
          {certificate.signature.algorithm} · key <code>{certificate.signature.keyId}</code>
        </Fact>
      </dl>

      {!onLedger && (
        <Message
          severity="warn"
          className="certificate__note"
          text="Signed, waiting for the ledger: no ledger holds this transaction yet, so no explorer can show it. Its links appear here once a ledger holds it."
        />
      )}

      {onLedger && (
        <section aria-labelledby={`${headingId}-explorers`}>
          <h3 id={`${headingId}-explorers`} className="certificate__heading">
            Blockchain explorers
          </h3>
          <ul className="certificate__explorers">
            {EXPLORERS.map(({ key, name, optional }) => {
              const url = certificate.blockchainExplorer[key];
              if (!url && optional) return null;
              return (
                <li key={key}>
                  {url ? (
                    <a href={url} target="_blank" rel="noopener noreferrer">
                      {name} <i className="pi pi-external-link" aria-hidden="true" />
                    </a>
                  ) : (
                    <span className="muted">{name}: no explorer for {certificate.blockchainNetwork}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {certificate.generation && <GeneratedWorkSection work={certificate.generation} headingId={`${headingId}-generation`} />}

      <section aria-labelledby={`${headingId}-sync`}>
        <h3 id={`${headingId}-sync`} className="certificate__heading">
          Where this registration is recorded
        </h3>
        <SyncStatusTable txHash={certificate.xrplTxHash} />
      </section>

      <section aria-labelledby={`${headingId}-verify`}>
        <h3 id={`${headingId}-verify`} className="certificate__heading">
          Public verification
        </h3>
        <p className="muted small">Anyone can check this certificate's signature, file hash and ledger transaction without an account.</p>
        <a className="certificate__link" href={certificate.verificationUrl} target="_blank" rel="noopener noreferrer">
          Open the public verification page <i className="pi pi-external-link" aria-hidden="true" />
        </a>
      </section>
    </div>
  );
}

type GeneratedWork = NonNullable<CertificateResponse['generation']>;

function GeneratedWorkSection({ work, headingId }: { work: GeneratedWork; headingId: string }) {
  const packages = Object.entries(work.engine.packages).map(([name, version]) => `${name} ${version}`).join(', ');
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="certificate__heading">
        How this work was made
      </h3>
      <p className="small">{work.statement}</p>
      <dl className="certificate__facts">
        <Fact term="Generated by" wide>
          {work.engine.composer}
          {packages && <span className="muted"> ({packages})</span>}
        </Fact>
        <Fact term="SoundFont">
          {work.soundFont.name} · {work.soundFont.licence}
        </Fact>
        <Fact term="Vocals">{work.vocalEngine ?? 'None (instrumental)'}</Fact>
        <Fact term="Request" wide>
          {work.request.prompt}
        </Fact>
        <Fact term="Genre · mood">
          {work.request.genre} · {work.request.mood}
        </Fact>
        <Fact term="Styles">{work.request.styles.length > 0 ? work.request.styles.join(', ') : 'None chosen'}</Fact>
        <Fact term="Tempo · key">
          {work.request.tempo} BPM · {work.request.key}
        </Fact>
        <Fact term="Seed">
          <code>{work.seed}</code>
        </Fact>
        <Fact term="Request hash" wide>
          <code className="certificate__hash">{work.requestHash}</code>
        </Fact>
        <Fact term="Files generated (SHA-256)" wide>
          <ul className="certificate__outputs">
            {work.outputs.map((output) => (
              <li key={output.path}>
                {output.path.replace(`generation-${work.generationId}-`, '')}: <code className="certificate__hash">{output.sha256}</code>
              </li>
            ))}
          </ul>
        </Fact>
        <Fact term="C2PA manifest" wide>
          {work.c2pa ? `Embedded in the WAV and MP3. ${work.c2pa.signedBy}` : 'None embedded in these files.'}
        </Fact>
      </dl>
    </section>
  );
}
