// The public /verify page without an id: anyone drops a proof bundle (JSON from the
// proof explorer's Download) and, optionally, the file it is about; the browser checks the Ed25519
// signature against GOOSE's published key (or a key pasted from a source the person trusts) and
// the file's SHA-256, with domain/proofs/verify-bundle.ts. Nothing is uploaded. The ledger
// transaction is asked of a rippled server directly over WebSocket (the "Ledger server" field,
// prefilled with the public server of the bundle's network, or the one this server reports); only
// when that fails is this server's relay asked, and the check then says so. Files are read with
// progress shown, and the check waits until they are read.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useId, useState, type ChangeEvent } from 'react';
import type { ProofVerification } from '../../../../../domain/contracts/proofs';
import { errorMessage } from '../../../lib/api-client';
import { askLedgerDirectly, publicLedgerUrl } from '../api/ask-ledger';
import { getLedgerAnswer } from '../api/get-ledger-answer';
import { usePublishedKey } from '../api/get-published-key';
import { PROOF_CHECK_LABELS, bundleHeadline, checkBundleInBrowser, chooseTrustedKey, readBundleText } from '../bundle-check';
import { CHECK_STATUS_TEXT } from '../verdict';
import { readFileWithProgress, type ReadProgress } from '../read-file';
import '../verify.css';

const OUTCOME_SEVERITY = { passed: 'success', failed: 'danger', not_checked: 'secondary' } as const;
const OUTCOME_ICON = { passed: 'pi pi-check', failed: 'pi pi-times', not_checked: 'pi pi-minus' } as const;

type Picked = { name: string; bytes: Uint8Array } | null;
type Reading = ReadProgress | null;

/** Reads the chosen file with progress; `reading` is null again once its bytes are there (or none was chosen). */
async function readFile(event: ChangeEvent<HTMLInputElement>, setReading: (reading: Reading) => void): Promise<Picked> {
  const file = event.currentTarget.files?.[0];
  if (!file) return null;
  try {
    return await readFileWithProgress(file, setReading);
  } finally {
    setReading(null);
  }
}

export function BundleVerification() {
  const ids = useId();
  const published = usePublishedKey();
  const [bundleFile, setBundleFile] = useState<Picked>(null);
  const [evidenceFile, setEvidenceFile] = useState<Picked>(null);
  const [pasted, setPasted] = useState({ keyId: '', publicKey: '' });
  const [result, setResult] = useState<ProofVerification | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [bundleReading, setBundleReading] = useState<Reading>(null);
  const [fileReading, setFileReading] = useState<Reading>(null);
  const reading = bundleReading ?? fileReading;
  const [ledgerUrl, setLedgerUrl] = useState('');
  const [ledgerUrlEdited, setLedgerUrlEdited] = useState(false);

  const choice = chooseTrustedKey(pasted, published.data ? { keyId: published.data.keyId, publicKey: published.data.publicKey } : null);

  const check = async () => {
    if (!bundleFile) return;
    setProblem(null);
    setResult(null);
    const read = readBundleText(new TextDecoder().decode(bundleFile.bytes));
    if (!read.ok) {
      setProblem(read.error);
      return;
    }
    setChecking(true);
    try {
      setResult(await checkBundleInBrowser(read.bundle, choice.key, evidenceFile?.bytes, { url: ledgerUrl, direct: (url, txHash) => askLedgerDirectly(url, txHash), relay: getLedgerAnswer }));
    } catch (error) {
      setProblem(`The bundle could not be checked: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setChecking(false);
    }
  };

  /** Prefills the ledger server from the bundle's network, or with the one this server reports for a custom network. */
  const pickBundle = (picked: Picked) => {
    setBundleFile(picked);
    if (!picked || ledgerUrlEdited) return;
    const read = readBundleText(new TextDecoder().decode(picked.bytes));
    const publicUrl = read.ok ? publicLedgerUrl(read.bundle) : null;
    setLedgerUrl(publicUrl ?? '');
    const txHash = read.ok ? (read.bundle as { statement?: { xrplTxHash?: unknown } } | null)?.statement?.xrplTxHash : null;
    if (publicUrl || typeof txHash !== 'string' || !/^[0-9A-F]{64}$/.test(txHash)) return;
    getLedgerAnswer(txHash).then(
      (answer) => {
        if (answer.url) setLedgerUrl((current) => current || answer.url || '');
      },
      () => undefined,
    );
  };

  return (
    <section className="verify" aria-labelledby={`${ids}-title`}>
      <header className="verify__header">
        <h1 id={`${ids}-title`}>Verify a proof bundle</h1>
        <p className="muted">
          Choose a proof bundle downloaded from the proof explorer, and optionally the file it is about. Your browser checks them here; nothing is uploaded. The transaction the proof names is asked of the ledger server below, directly from your browser; only if it cannot be reached is this server asked to relay the ledger's answer, and the result says so.
        </p>
      </header>

      <Card className="verify__card">
        <div className="field">
          <label htmlFor={`${ids}-bundle`}>Proof bundle (JSON)</label>
          <input id={`${ids}-bundle`} type="file" accept="application/json,.json" onChange={(event) => void readFile(event, setBundleReading).then(pickBundle)} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-file`}>The registered file (optional)</label>
          <input
            id={`${ids}-file`}
            type="file"
            onChange={(event) => {
              setEvidenceFile(null);
              void readFile(event, setFileReading).then(setEvidenceFile);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-ledger`}>Ledger server</label>
          <InputText
            id={`${ids}-ledger`}
            value={ledgerUrl}
            placeholder="wss://…"
            aria-describedby={`${ids}-ledger-help`}
            onChange={(event) => {
              setLedgerUrl(event.target.value);
              setLedgerUrlEdited(true);
            }}
          />
          <small id={`${ids}-ledger-help`} className="muted">
            A rippled WebSocket URL your browser asks about the proof's transaction (10 s timeout). Prefilled with the public server of the bundle's network; change it to a server you trust.
          </small>
        </div>
        <details className="verify-key">
          <summary>Trusted key</summary>
          <p className="small muted">
            {choice.source === 'pasted' && 'The key you pasted is trusted; the server is not asked.'}
            {choice.source === 'published' && `GOOSE's published key ${choice.key?.keyId ?? ''} is trusted. To check without trusting this server, paste the key from a source you trust.`}
            {choice.source === 'none' &&
              (published.isError ? `The published key could not be loaded (${errorMessage(published.error, 'unknown error')}): paste the key to check the signature.` : 'Loading the published key…')}
          </p>
          <div className="field">
            <label htmlFor={`${ids}-key-id`}>Key id</label>
            <InputText id={`${ids}-key-id`} value={pasted.keyId} onChange={(event) => setPasted({ ...pasted, keyId: event.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-key`}>Public key (Ed25519, base64url)</label>
            <InputText id={`${ids}-key`} value={pasted.publicKey} onChange={(event) => setPasted({ ...pasted, publicKey: event.target.value })} />
          </div>
        </details>
        <div className="button-row">
          <Button label={checking ? 'Checking...' : 'Check bundle'} icon="pi pi-shield" disabled={!bundleFile || checking || reading !== null} onClick={() => void check()} />
        </div>
        <p className="muted small" role="status">
          {reading ? `Reading ${reading.name}: ${reading.percent} %` : checking ? 'Checking the signature, the file and the ledger…' : ''}
        </p>
        {problem && <Message severity="error" text={problem} />}
      </Card>

      {result && <BundleResult result={result} />}
    </section>
  );
}

export function BundleResult({ result }: { result: ProofVerification }) {
  return (
    <div className="verify__body">
      <div className={`verify-verdict ${result.valid ? 'verify-verdict--verified' : 'verify-verdict--not-verified'}`} role="status" data-verified={result.valid}>
        <i className={`pi ${result.valid ? 'pi-verified' : 'pi-exclamation-triangle'} verify-verdict__icon`} aria-hidden="true" />
        <h2 className="verify-verdict__headline">{bundleHeadline(result)}</h2>
      </div>
      <Card className="verify__card">
        <h2 className="verify__section-title">Checks</h2>
        <ul className="verify-checks" aria-label="Bundle checks">
          {result.checks.map((check) => (
            <li key={check.check} className="inset-box verify-check" data-check={check.check} data-status={check.outcome}>
              <div className="verify-check__head">
                <strong>{PROOF_CHECK_LABELS[check.check]}</strong>
                <Tag value={CHECK_STATUS_TEXT[check.outcome]} severity={OUTCOME_SEVERITY[check.outcome]} icon={OUTCOME_ICON[check.outcome]} />
              </div>
              <p className="verify-check__detail muted">{check.detail}</p>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
