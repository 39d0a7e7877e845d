// The reference catalogue (/references), for rights holders: deliver reference recordings (many
// audio files and their CSV, or a folder on the delivery partner's SFTP), follow each delivery's
// progress live (the websocket refetches as each recording is indexed) with every file's result,
// and list, search and remove the references. Anyone else is told the page needs the role (the
// server refuses them anyway).
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { Skeleton } from 'primereact/skeleton';
import { useState, type FormEvent } from 'react';
import type { Reference, ReferenceDelivery, ReferenceDeliveryRecording } from '../../../../../domain/contracts/references';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { useRoles } from '../../../lib/use-roles';
import { useReferenceDeliveries, useReferenceDelivery, useReferences, useRemoveReference, useSftpDelivery, useUploadDelivery } from '../api/references';
import { CSV_EXAMPLE, deliveryPercent, deliveryProgressLabel, deliverySource, RECORDING_STATUS_LABELS } from '../labels';
import '../reference-catalogue.css';

export function ReferenceCataloguePage() {
  // isLoading, not isPending: signed out, the roles query never runs and would be pending for good.
  const { has, isLoading } = useRoles();
  const isHolder = has('rights_holder');
  if (isLoading) return <Skeleton height="10rem" aria-label="Loading" />;
  if (!isHolder) return <Message severity="warn" text="The reference catalogue is for rights holders. An operator grants the role (npm run ops -- grant-role <user> rights_holder)." />;
  return (
    <div className="reference-catalogue">
      <section className="reference-catalogue__card" aria-labelledby="reference-catalogue-title">
        <PanelTitle id="reference-catalogue-title" icon="pi-database">
          Reference catalogue
        </PanelTitle>
        <p className="reference-catalogue__text">
          Every upload's copyright check compares it with your reference recordings. A match holds the upload for review, naming the reference's title and you, never its files. References
          are never published in the rights registry and are listed to you alone. A reference that matches a work already registered on GOOSE opens a review case for you and the work's owner.
        </p>
      </section>
      <div className="reference-catalogue__deliver">
        <UploadDeliveryForm />
        <SftpDeliveryForm />
      </div>
      <Deliveries />
      <References />
    </div>
  );
}

function UploadDeliveryForm() {
  const [recordings, setRecordings] = useState<File[]>([]);
  const [csv, setCsv] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const upload = useUploadDelivery();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!csv || recordings.length === 0) return;
    upload.mutate(
      { recordings, csv },
      {
        onSuccess: () => {
          setRecordings([]);
          setCsv(null);
          setFormKey((key) => key + 1);
        },
      },
    );
  };
  return (
    <section className="reference-catalogue__card" aria-labelledby="deliver-upload-title">
      <h3 id="deliver-upload-title">Upload recordings</h3>
      <form key={formKey} className="reference-catalogue__form" onSubmit={submit}>
        <label htmlFor="reference-recordings">Audio files</label>
        <input id="reference-recordings" type="file" multiple accept="audio/*,.wav,.flac,.mp3,.aiff,.m4a,.ogg" onChange={(event) => setRecordings([...(event.target.files ?? [])])} />
        <label htmlFor="reference-csv">CSV of metadata</label>
        <input id="reference-csv" type="file" accept=".csv,text/csv" onChange={(event) => setCsv(event.target.files?.[0] ?? null)} />
        <details>
          <summary>CSV format</summary>
          <p className="reference-catalogue__text">One row per file: its name, title, artist, ISRC, rights owner, and territories (ISO 3166 codes separated by ";", or "worldwide").</p>
          <pre className="reference-catalogue__example">{CSV_EXAMPLE}</pre>
        </details>
        <Button type="submit" label={recordings.length > 0 ? `Deliver ${recordings.length} ${recordings.length === 1 ? 'file' : 'files'}` : 'Deliver'} icon="pi pi-upload" disabled={!csv || recordings.length === 0 || upload.isPending} loading={upload.isPending} />
        {upload.isError && <Message severity="error" text={errorMessage(upload.error, 'The delivery was not accepted')} />}
      </form>
    </section>
  );
}

function SftpDeliveryForm() {
  const [folder, setFolder] = useState('');
  const sftp = useSftpDelivery();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (folder.trim()) sftp.mutate(folder.trim(), { onSuccess: () => setFolder('') });
  };
  return (
    <section className="reference-catalogue__card" aria-labelledby="deliver-sftp-title">
      <h3 id="deliver-sftp-title">From the delivery partner&apos;s SFTP</h3>
      <form className="reference-catalogue__form" onSubmit={submit}>
        <p className="reference-catalogue__text">A folder holding the audio files and one CSV of metadata, inside the references folder of the SFTP server GOOSE delivers releases to.</p>
        <label htmlFor="reference-folder">Folder</label>
        <InputText id="reference-folder" value={folder} placeholder="lima-2026-11" onChange={(event) => setFolder(event.target.value)} />
        <Button type="submit" label="Deliver the folder" icon="pi pi-cloud-download" disabled={!folder.trim() || sftp.isPending} loading={sftp.isPending} />
        {sftp.isError && <Message severity="error" text={errorMessage(sftp.error, 'The folder was not accepted')} />}
      </form>
    </section>
  );
}

function Deliveries() {
  const deliveries = useReferenceDeliveries(true);
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <section className="reference-catalogue__card" aria-labelledby="deliveries-title">
      <h3 id="deliveries-title">Deliveries</h3>
      {deliveries.isPending && <Skeleton height="4rem" aria-label="Loading your deliveries" />}
      {deliveries.isError && <Message severity="error" text={errorMessage(deliveries.error, 'Your deliveries could not be read')} />}
      {deliveries.data?.length === 0 && <p className="reference-catalogue__text">No deliveries yet.</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <ul className="reference-deliveries" aria-label="Your deliveries">
          {deliveries.data.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} open={openId === delivery.id} onToggle={() => setOpenId(openId === delivery.id ? null : delivery.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function DeliveryRow({ delivery, open, onToggle }: { delivery: ReferenceDelivery; open: boolean; onToggle(): void }) {
  const label = deliveryProgressLabel(delivery);
  return (
    <li className="reference-delivery">
      <div className="reference-delivery__head">
        <span>
          {deliverySource(delivery)}, {new Date(delivery.receivedAt).toLocaleString()}
        </span>
        <span className="reference-delivery__status">{label}</span>
      </div>
      {delivery.status === 'running' && <ProgressBar value={deliveryPercent(delivery)} showValue={false} aria-label={`Delivery progress: ${delivery.indexed + delivery.failed} of ${delivery.total} recordings processed`} />}
      <Button text size="small" label={open ? 'Hide the files' : 'Show each file'} icon={open ? 'pi pi-chevron-up' : 'pi pi-chevron-down'} aria-expanded={open} onClick={onToggle} />
      {open && <DeliveryFiles id={delivery.id} />}
    </li>
  );
}

function DeliveryFiles({ id }: { id: string }) {
  const detail = useReferenceDelivery(id);
  if (detail.isPending) return <Skeleton height="3rem" aria-label="Loading the files" />;
  if (detail.isError) return <Message severity="error" text={errorMessage(detail.error, 'The files could not be read')} />;
  return (
    <ul className="reference-files" aria-label="Files of this delivery">
      {detail.data.recordings.map((recording) => (
        <RecordingRow key={recording.referenceId} recording={recording} />
      ))}
    </ul>
  );
}

export function RecordingRow({ recording }: { recording: ReferenceDeliveryRecording }) {
  return (
    <li className={`reference-file reference-file--${recording.status}`}>
      <span className="reference-file__name">{recording.file}</span>
      <span>
        {recording.title} · {recording.artist} · {recording.isrc}
      </span>
      <span className="reference-file__status">{RECORDING_STATUS_LABELS[recording.status]}</span>
      {recording.reason && <span className="reference-file__reason">{recording.reason}</span>}
      <WorkMatches matches={recording.workMatches} caseNote={recording.caseNote} />
    </li>
  );
}

function WorkMatches({ matches, caseNote }: { matches: Reference['workMatches']; caseNote: string | null }) {
  if (matches.length === 0) return null;
  return (
    <div className="reference-file__matches">
      {matches.map((match) => (
        <span key={match.workId}>
          Matches the registered work &ldquo;{match.title}&rdquo; ({match.similarity}% similar):{' '}
          {match.disputeId ? <a href={`/dispute-management?dispute=${encodeURIComponent(match.disputeId)}`}>review case opened for you and its owner</a> : 'no review case opened'}
        </span>
      ))}
      {caseNote && <span className="reference-file__reason">{caseNote}</span>}
    </div>
  );
}

function References() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const references = useReferences(q, page, true);
  const remove = useRemoveReference();
  const [confirming, setConfirming] = useState<string | null>(null);
  const pages = references.data ? Math.max(1, Math.ceil(references.data.total / references.data.pageSize)) : 1;
  return (
    <section className="reference-catalogue__card" aria-labelledby="references-title">
      <h3 id="references-title">References{references.data ? ` (${references.data.total})` : ''}</h3>
      <InputText
        aria-label="Search your references by title or ISRC"
        placeholder="Search by title or ISRC"
        value={q}
        onChange={(event) => {
          setQ(event.target.value);
          setPage(1);
        }}
      />
      {references.isPending && <Skeleton height="4rem" aria-label="Loading your references" />}
      {references.isError && <Message severity="error" text={errorMessage(references.error, 'Your references could not be read')} />}
      {remove.isError && <Message severity="error" text={errorMessage(remove.error, 'The reference could not be removed')} />}
      {references.data?.references.length === 0 && <p className="reference-catalogue__text">{q.trim() ? 'No reference matches this search.' : 'No references indexed yet.'}</p>}
      {references.data && references.data.references.length > 0 && (
        <ul className="reference-list" aria-label="Your references">
          {references.data.references.map((reference) => (
            <li key={reference.id} className="reference-item">
              <span className="reference-item__title">{reference.title}</span>
              <span>
                {reference.artist} · {reference.isrc} · {reference.owner}
              </span>
              <span>Territories: {reference.territories.join(', ')}</span>
              <WorkMatches matches={reference.workMatches} caseNote={null} />
              {confirming === reference.id ? (
                <span className="reference-item__actions">
                  <Button size="small" severity="danger" label="Remove for good" aria-label={`Remove ${reference.title} for good`} loading={remove.isPending} onClick={() => remove.mutate(reference.id, { onSettled: () => setConfirming(null) })} />
                  <Button size="small" text label="Keep" aria-label={`Keep ${reference.title}`} onClick={() => setConfirming(null)} />
                </span>
              ) : (
                <Button size="small" text severity="danger" icon="pi pi-trash" label="Remove" aria-label={`Remove ${reference.title}`} onClick={() => setConfirming(reference.id)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="reference-list__pages" aria-label="Pages of references">
          <Button size="small" text icon="pi pi-chevron-left" aria-label="Previous page" disabled={page <= 1} onClick={() => setPage(page - 1)} />
          <span>
            Page {page} of {pages}
          </span>
          <Button size="small" text icon="pi pi-chevron-right" aria-label="Next page" disabled={page >= pages} onClick={() => setPage(page + 1)} />
        </nav>
      )}
    </section>
  );
}
