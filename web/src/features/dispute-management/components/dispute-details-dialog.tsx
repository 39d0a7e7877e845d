// The case dialog "Dispute #<id>": tabs Overview (facts, frozen
// assets, live countdowns to each open deadline, the actions the server allows this viewer), Evidence
// (add: file, type, description; the list with View for what the viewer may download), Messages,
// Timeline and Resolution. An oracle_review case also shows the review panel (both works and the
// matched passages). The server decides who may do what; the dialog only shows its allowedActions.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { EVIDENCE_TYPES, type Dispute, type EvidenceType } from '../../../../../domain/contracts/disputes';
import { Fact } from '../../../components/ui/fact';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { useNow } from '../../../hooks/use-now';
import { formatDate, formatDateTime } from '../../../lib/format';
import { evidenceDownloadUrl, useAddEvidence, useDispute, useDisputeAction } from '../api/disputes';
import {
  countdown,
  deadlineParty,
  DISPUTE_TYPE_DISPLAY,
  EVIDENCE_TYPE_LABELS,
  formatDollars,
  OUTCOME_LABELS,
  PRIORITY_DISPLAY,
  RIGHT_LABELS,
  SENDER_LABELS,
  STATUS_DISPLAY,
  timelineOf,
} from '../labels';
import { DisputeActions } from './dispute-actions';
import type { DetailTab } from './dispute-row';
import { ReviewPanel } from './review-panel';
import { REFERENCE_MATCH_KIND_TEXT } from '../../../../../domain/contracts/copyright-sources';

const TABS: readonly DetailTab[] = ['overview', 'evidence', 'messages', 'timeline', 'resolution'];

export function DisputeDetailsDialog({ disputeId, tab, onTab, onHide }: { disputeId: string | null; tab: DetailTab; onTab(tab: DetailTab): void; onHide(): void }) {
  const query = useDispute(disputeId);
  return (
    <Dialog header={disputeId ? `Dispute #${disputeId}` : 'Dispute'} visible={disputeId !== null} onHide={onHide} className="dispute-dialog dispute-dialog--wide" draggable={false} modal>
      {query.status === 'pending' && <p className="muted">Loading the case...</p>}
      {query.status === 'error' && <Message severity="error" text={`The case could not be loaded: ${errorMessage(query.error, 'Unknown error')}`} />}
      {query.data && <DisputeDetails dispute={query.data} tab={tab} onTab={onTab} />}
    </Dialog>
  );
}

export function DisputeDetails({ dispute, tab, onTab }: { dispute: Dispute; tab: DetailTab; onTab(tab: DetailTab): void }) {
  return (
    <TabView activeIndex={TABS.indexOf(tab)} onTabChange={(event) => onTab(TABS[event.index] ?? 'overview')}>
      <TabPanel header="Overview">
        <OverviewTab dispute={dispute} />
      </TabPanel>
      <TabPanel header={`Evidence (${dispute.evidence.documents.length})`}>
        <EvidenceTab dispute={dispute} />
      </TabPanel>
      <TabPanel header={`Messages (${dispute.messages.length})`}>
        <MessagesTab dispute={dispute} />
      </TabPanel>
      <TabPanel header="Timeline">
        <TimelineTab dispute={dispute} />
      </TabPanel>
      <TabPanel header="Resolution">
        <ResolutionTab dispute={dispute} />
      </TabPanel>
    </TabView>
  );
}

export function OverviewTab({ dispute, now: fixedNow }: { dispute: Dispute; now?: Date }) {
  const ticking = useNow(30_000);
  const now = fixedNow ?? ticking;
  const status = STATUS_DISPLAY[dispute.status];
  const priority = PRIORITY_DISPLAY[dispute.priority];
  return (
    <div className="dispute-overview">
      <div className="dispute-row__heading">
        <h3>{dispute.subject}</h3>
        <Tag value={status.label} severity={status.severity} />
        <Tag value={priority.label} severity={priority.severity} icon="pi pi-flag" />
      </div>
      <p>{dispute.description}</p>
      {dispute.deadlines.length > 0 && (
        <ul className="dispute-deadlines" aria-label="Deadlines">
          {dispute.deadlines.map((deadline) => (
            <li key={deadline.kind}>
              <i className="pi pi-clock" aria-hidden="true" /> <strong>{countdown(deadline, now)}</strong> ({deadlineParty(deadline)}, by {formatDateTime(deadline.dueAt)}). {deadline.consequence}
            </li>
          ))}
        </ul>
      )}
      <dl className="facts">
        <Fact term="Work">
          {dispute.workTitle} <span className="muted">({dispute.workId})</span>
        </Fact>
        <Fact term="Type">{DISPUTE_TYPE_DISPLAY[dispute.disputeType].label}</Fact>
        <Fact term="Claimant">{dispute.claimantName}</Fact>
        <Fact term="Respondent">{dispute.respondentName}</Fact>
        <Fact term="Assigned to">{dispute.assignedToName ?? 'Unassigned'}</Fact>
        <Fact term="Filed">{formatDateTime(dispute.createdAt)}</Fact>
        <Fact term="Claimed rights">{dispute.claimedRights.length ? dispute.claimedRights.map((right) => RIGHT_LABELS[right]).join(', ') : 'None named'}</Fact>
        <Fact term="Frozen">
          {dispute.frozenAssets.payoutsFreeze || dispute.frozenAssets.licensingFreeze
            ? `${[dispute.frozenAssets.payoutsFreeze && 'payouts', dispute.frozenAssets.licensingFreeze && 'licensing'].filter(Boolean).join(' and ')} (estimated value ${formatDollars(dispute.frozenAssets.estimatedValue)})`
            : 'Nothing'}
        </Fact>
      </dl>
      {dispute.answer && (
        <section className="dispute-answer" aria-label="The respondent's answer">
          <h4>
            Answer from {dispute.answer.byName} (respondent) <span className="muted">{formatDateTime(dispute.answer.answeredAt)}</span>
          </h4>
          <p>{dispute.answer.message}</p>
        </section>
      )}
      {dispute.references.length > 0 && <CaseReferences dispute={dispute} />}
      {dispute.appeal && <Message severity="warn" text={`Appealed by ${dispute.appeal.byName} on ${formatDateTime(dispute.appeal.appealedAt)}: ${dispute.appeal.reason}`} />}
      {/* The review material (both works' audio) is the reviewer's and the uploader's; a holder hears the held upload from their holds page. */}
      {dispute.kind === 'oracle_review' && !dispute.viewer.isReferenceHolder && <ReviewPanel dispute={dispute} />}
      <DisputeActions dispute={dispute} />
      <p className="muted">
        <Link to={`/dispute-management/${encodeURIComponent(dispute.id)}/history`}>
          <i className="pi pi-history" aria-hidden="true" /> Replay the case's history
        </Link>
      </p>
    </div>
  );
}

export function EvidenceTab({ dispute }: { dispute: Dispute }) {
  const toast = useToast();
  const documents = dispute.evidence.documents;
  const view = (evidenceId: string, filename: string) =>
    downloadFile(evidenceDownloadUrl(dispute.id, evidenceId), filename).catch((error: unknown) => toast.show({ severity: 'error', summary: 'Download failed', detail: errorMessage(error, 'Unknown error') }));
  return (
    <div className="dispute-evidence">
      {dispute.viewer.allowedActions.includes('add_evidence') && <AddEvidenceForm disputeId={dispute.id} />}
      {documents.length === 0 ? (
        <p className="muted">No evidence yet.</p>
      ) : (
        <ul className="dispute-evidence__list">
          {documents.map((document) => (
            <li key={document.id}>
              <div>
                <strong>{document.filename}</strong> <Tag value={EVIDENCE_TYPE_LABELS[document.type]} severity="secondary" />
                <div className="muted">
                  {(document.size / 1024).toFixed(1)} KB · {formatDate(document.uploadedAt)} · {document.submittedByName} ({SENDER_LABELS[document.party].toLowerCase()})
                </div>
                {document.description && <p>{document.description}</p>}
              </div>
              {document.downloadable && document.size > 0 && <Button label="View" icon="pi pi-download" size="small" outlined onClick={() => void view(document.id, document.filename)} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function AddEvidenceForm({ disputeId }: { disputeId: string }) {
  const ids = useId();
  const add = useAddEvidence();
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<EvidenceType>('other');
  const [description, setDescription] = useState('New evidence');
  const [inputKey, setInputKey] = useState(0);
  const busy = add.isPending;
  const submit = () =>
    add.mutate(
      { disputeId, file, type, description },
      {
        onSuccess: () => {
          setFile(null);
          setDescription('New evidence');
          setInputKey((key) => key + 1);
        },
      },
    );
  return (
    <form
      className="dispute-form dispute-form--inline"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="field">
        <label htmlFor={`${ids}-file`}>File (up to 25 MB, optional)</label>
        <input key={inputKey} id={`${ids}-file`} type="file" disabled={busy} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-type`}>Evidence type</label>
        <Dropdown inputId={`${ids}-type`} value={type} options={EVIDENCE_TYPES.map((value) => ({ label: EVIDENCE_TYPE_LABELS[value], value }))} disabled={busy} onChange={(event) => setType(event.value as EvidenceType)} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-description`}>Description</label>
        <InputTextarea id={`${ids}-description`} rows={2} value={description} maxLength={1000} disabled={busy} onChange={(event) => setDescription(event.target.value)} />
      </div>
      {add.isError && <Message severity="error" text={errorMessage(add.error, 'The evidence could not be added')} />}
      <Button type="submit" label={busy ? 'Uploading...' : 'Add Evidence'} icon="pi pi-upload" disabled={busy} />
    </form>
  );
}

export function MessagesTab({ dispute }: { dispute: Dispute }) {
  const ids = useId();
  const act = useDisputeAction();
  const [text, setText] = useState('');
  const canSend = dispute.viewer.allowedActions.includes('message');
  const send = () => act.mutate({ disputeId: dispute.id, request: { action: 'messages', body: { message: text } } }, { onSuccess: () => setText('') });
  return (
    <div className="dispute-messages">
      {dispute.messages.length === 0 ? (
        <p className="muted">No messages yet.</p>
      ) : (
        <ul className="dispute-messages__list">
          {dispute.messages.map((message) => (
            <li key={message.id} className={`dispute-message dispute-message--${message.senderType}`}>
              <div className="dispute-message__head">
                <strong>{message.senderName}</strong> <Tag value={SENDER_LABELS[message.senderType]} severity="secondary" /> <span className="muted">{formatDateTime(message.timestamp)}</span>
              </div>
              <p>{message.message}</p>
            </li>
          ))}
        </ul>
      )}
      {canSend && (
        <form
          className="dispute-form dispute-form--inline"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <label htmlFor={`${ids}-message`}>Message to the parties and the reviewer</label>
          <InputTextarea id={`${ids}-message`} rows={3} value={text} maxLength={5000} disabled={act.isPending} onChange={(event) => setText(event.target.value)} />
          {act.isError && <Message severity="error" text={errorMessage(act.error, 'The message could not be sent')} />}
          <Button type="submit" label={act.isPending ? 'Sending...' : 'Send'} icon="pi pi-send" disabled={act.isPending || text.trim() === ''} />
        </form>
      )}
    </div>
  );
}

export function TimelineTab({ dispute }: { dispute: Dispute }) {
  return (
    <ol className="dispute-timeline">
      {timelineOf(dispute).map((entry, index) => (
        <li key={`${entry.title}-${index}`}>
          <strong>{entry.title}</strong> <span className="muted">{formatDateTime(entry.at)}</span>
          {entry.detail && <p>{entry.detail}</p>}
        </li>
      ))}
    </ol>
  );
}

export function ResolutionTab({ dispute }: { dispute: Dispute }) {
  const resolution = dispute.resolution;
  if (!resolution) return <p className="muted">Dispute resolution pending</p>;
  return (
    <dl className="facts">
      <Fact term="Outcome">{OUTCOME_LABELS[resolution.outcome]}</Fact>
      <Fact term="Decided by">
        {resolution.resolvedByName}
        {resolution.byDefault ? ' (by default: the claim was not answered in time)' : ''}, {formatDateTime(resolution.resolvedAt)}
      </Fact>
      <Fact term="Details" wide>
        {resolution.details}
      </Fact>
      {resolution.compensationAmount !== null && <Fact term="Compensation">{formatDollars(resolution.compensationAmount)}</Fact>}
      {resolution.compensationNote && <Fact term="Compensation note">{resolution.compensationNote}</Fact>}
      {resolution.appealUntil && <Fact term="Appeal until">{formatDateTime(resolution.appealUntil)}</Fact>}
    </dl>
  );
}


/** The rights holders' references the case is about, by title and holder (never their files). */
function CaseReferences({ dispute }: { dispute: Dispute }) {
  const answerable = dispute.viewer.allowedActions.includes('release_hold') || dispute.viewer.allowedActions.includes('claim_work');
  return (
    <section className="dispute-answer" aria-label="Reference recordings">
      <h4>{dispute.kind === 'oracle_review' ? 'Held for matching reference recordings' : 'Reference recording'}</h4>
      <ul>
        {dispute.references.map((reference) => (
          <li key={`${reference.title}-${reference.holderName}-${reference.upload?.startSeconds ?? 0}`}>
            “{reference.title}”, a reference recording of {reference.holderName}
            {reference.kind ? ` (${REFERENCE_MATCH_KIND_TEXT[reference.kind]}, ${Math.round(reference.similarity)} % similar)` : ` (${Math.round(reference.similarity)} % similar)`}
            {reference.released ? ': released by its holder' : ''}
          </li>
        ))}
      </ul>
      {answerable && (
        <p>
          <Link to="/references/holds">Release the hold or claim the work on your holds page</Link>
        </p>
      )}
    </section>
  );
}
