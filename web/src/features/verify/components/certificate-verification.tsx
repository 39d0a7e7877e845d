// The public verification page of a certificate (/verify/:certificateId, no sign-in): the
// certificate's facts, the server's three checks each passed / failed / not checked with its
// detail, the overall verdict, and a comparison of a local file's SHA-256, computed in the
// browser, with the certificate's.
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tag } from 'primereact/tag';
import { useId, useState, type ChangeEvent } from 'react';
import type { VerificationResponse } from '../../../../../domain/contracts/lifecycle';
import { Fact } from '../../../components/ui/fact';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { EXPLORERS } from '../../../lib/track/ledger-status';
import { useVerification } from '../api/get-verification';
import { CHECK_LABELS, CHECK_ORDER, CHECK_STATUS_TEXT, sameHash, sha256Hex, verdict, type CheckStatus } from '../verdict';
import '../verify.css';

const STATUS_SEVERITY: Record<CheckStatus, 'success' | 'danger' | 'secondary'> = {
  passed: 'success',
  failed: 'danger',
  not_checked: 'secondary',
};

const STATUS_ICON: Record<CheckStatus, string> = {
  passed: 'pi pi-check',
  failed: 'pi pi-times',
  not_checked: 'pi pi-minus',
};

export function CertificateVerification({ certificateId }: { certificateId: string }) {
  const verification = useVerification(certificateId);

  return (
    <section className="verify" aria-labelledby="verify-title">
      <header className="verify__header">
        <h1 id="verify-title">Certificate verification</h1>
        <p className="muted">
          Certificate <code>{certificateId}</code>
        </p>
      </header>

      {verification.isPending && (
        <div className="verify__loading" role="status" aria-live="polite">
          <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" aria-hidden="true" />
          <span>Checking the certificate…</span>
        </div>
      )}

      {verification.isError &&
        (verification.error instanceof ApiError && verification.error.status === 404 ? (
          <Message severity="warn" className="verify__message" text="No certificate with this id" />
        ) : (
          <Message severity="error" className="verify__message" text={`The certificate could not be checked: ${errorMessage(verification.error, 'unknown error')}`} />
        ))}

      {verification.data && <VerificationDetails result={verification.data} />}
    </section>
  );
}

function VerificationDetails({ result }: { result: VerificationResponse }) {
  const outcome = verdict(result);
  const links = EXPLORERS.flatMap(({ key, name }) => {
    const url = result.blockchainExplorer[key];
    return url ? [{ name, url }] : [];
  });
  return (
    <div className="verify__body">
      <div className={`verify-verdict ${outcome.verified ? 'verify-verdict--verified' : 'verify-verdict--not-verified'}`} role="status" data-verified={outcome.verified}>
        <i className={`pi ${outcome.verified ? 'pi-verified' : 'pi-exclamation-triangle'} verify-verdict__icon`} aria-hidden="true" />
        <div>
          <h2 className="verify-verdict__headline">{outcome.headline}</h2>
          {outcome.findings.length > 0 && (
            <ul className="verify-verdict__findings">
              {outcome.findings.map((finding) => (
                <li key={finding}>{finding}</li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <Card className="verify__card">
        <h2 className="verify__section-title">Checks</h2>
        <ul className="verify-checks" aria-label="Verification checks">
          {CHECK_ORDER.map((name) => {
            const check = result.checks[name];
            return (
              <li key={name} className="inset-box verify-check" data-check={name} data-status={check.status}>
                <div className="verify-check__head">
                  <strong>{CHECK_LABELS[name]}</strong>
                  <Tag value={CHECK_STATUS_TEXT[check.status]} severity={STATUS_SEVERITY[check.status]} icon={STATUS_ICON[check.status]} />
                </div>
                {check.detail && <p className="verify-check__detail muted">{check.detail}</p>}
              </li>
            );
          })}
        </ul>
      </Card>

      <Card className="verify__card">
        <h2 className="verify__section-title">Certificate</h2>
        <dl className="verify-facts">
          <Fact term="Title">{result.title}</Fact>
          <Fact term="Owner">{result.owner}</Fact>
          <Fact term="Registration date">{formatDateTime(result.registrationDate, { month: 'long', timeZoneName: 'short' })}</Fact>
          <Fact term="Blockchain network">{result.blockchainNetwork}</Fact>
          <Fact term="SHA-256" wide>
            <code>{result.sha256}</code>
          </Fact>
          <Fact term="Transaction hash" wide>
            <code>{result.xrplTxHash}</code>
            {links.length > 0 ? (
              <span className="verify-facts__links">
                {links.map(({ name, url }) => (
                  <a key={name} href={url} target="_blank" rel="noopener noreferrer">
                    {name} <i className="pi pi-external-link" aria-hidden="true" />
                  </a>
                ))}
              </span>
            ) : (
              <span className="muted small">No public explorer covers {result.blockchainNetwork}.</span>
            )}
          </Fact>
          <Fact term="Signing key id" wide>
            <code>{result.keyId}</code>
          </Fact>
          <Fact term="Public key (Ed25519)" wide>
            <code>{result.publicKey}</code>
          </Fact>
        </dl>
      </Card>

      <FileHashCheck expected={result.sha256} />
    </div>
  );
}

type FileCheck =
  | { state: 'idle' }
  | { state: 'hashing'; fileName: string }
  | { state: 'done'; fileName: string; size: number; hash: string; match: boolean }
  | { state: 'error'; fileName: string; message: string };

function FileHashCheck({ expected }: { expected: string }) {
  const inputId = useId();
  const [check, setCheck] = useState<FileCheck>({ state: 'idle' });
  const supported = typeof crypto !== 'undefined' && Boolean(crypto.subtle);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setCheck({ state: 'hashing', fileName: file.name });
    try {
      const hash = await sha256Hex(await file.arrayBuffer());
      setCheck({ state: 'done', fileName: file.name, size: file.size, hash, match: sameHash(hash, expected) });
    } catch (error) {
      setCheck({ state: 'error', fileName: file.name, message: error instanceof Error ? error.message : 'the file could not be read' });
    }
  };

  return (
    <Card className="verify__card">
      <h2 className="verify__section-title">Compare a file</h2>
      <p className="muted">
        Choose the registered file (for a mastered track, its master) and your browser computes its SHA-256 and compares it with the certificate&apos;s. The file
        stays on your device.
      </p>
      {supported ? (
        <div className="field">
          <label htmlFor={inputId}>
            File to compare
          </label>
          <input id={inputId} type="file" className="verify-file__input" onChange={(event) => void onFile(event)} />
        </div>
      ) : (
        <Message severity="warn" text="This browser cannot compute SHA-256 here: it needs a secure (https) connection." />
      )}
      <div role="status" aria-live="polite" className="verify-file__result">
        {check.state === 'hashing' && <p>Computing the SHA-256 of {check.fileName}…</p>}
        {check.state === 'error' && <Message severity="error" text={`${check.fileName} could not be hashed: ${check.message}`} />}
        {check.state === 'done' && (
          <div className={`verify-file__outcome ${check.match ? 'verify-file__outcome--match' : 'verify-file__outcome--mismatch'}`} data-match={check.match}>
            <p className="verify-file__headline">
              <i className={`pi ${check.match ? 'pi-check-circle' : 'pi-times-circle'}`} aria-hidden="true" />{' '}
              {check.match ? 'File matches the certificate' : 'File does not match the certificate'}
            </p>
            <p className="muted small">
              {check.fileName} ({formatBytes(check.size)}) has SHA-256 <code>{check.hash}</code>
              {check.match ? ', the same as the certificate.' : `; the certificate records ${expected}.`}
            </p>
          </div>
        )}
      </div>
    </Card>
  );
}
