// "Holds on your references" (/references/holds), for rights holders: each upload the copyright
// check held because it matched one of their reference recordings, with the held track's title, its
// uploader, the matched stretches in both recordings, the held upload's checked audio (the one file
// the reviewer hears, while the case is undecided) and the two answers the server allows: release
// the hold (it is licensed, or not theirs) or claim the work (a reviewer then decides the case).
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import type { ReferenceHold } from '../../../../../domain/contracts/reference-holds';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDuration } from '../../../lib/format';
import { useClaimWork, useReferenceHolds, useReleaseHold } from '../api/reference-holds';
import '../reference-holds.css';
import { REFERENCE_MATCH_KIND_TEXT } from '../../../../../domain/contracts/copyright-sources';

const STATES: Record<ReferenceHold['state'], { label: string; severity: 'warning' | 'info' | 'success' | 'danger' }> = {
  held: { label: 'Held: your answer or a reviewer', severity: 'warning' },
  released: { label: 'Released by you', severity: 'info' },
  claimed: { label: 'Claimed by you: a reviewer decides', severity: 'info' },
  cleared: { label: 'Decided: the upload stands', severity: 'success' },
  refused: { label: 'Decided: the upload is refused', severity: 'danger' },
};


const range = (r: { startSeconds: number; endSeconds: number } | null) => (r ? `${formatDuration(r.startSeconds)}–${formatDuration(r.endSeconds)}` : 'where not recorded');

/** "0:00–0:20 of the upload ↔ 0:05–0:25 of “Night Ferry” (same recording, 96 % similar)". */
export function describeHoldMatch(match: ReferenceHold['matches'][number]): string {
  const how = match.kind ? `${REFERENCE_MATCH_KIND_TEXT[match.kind]}, ` : '';
  return `${range(match.upload)} of the upload ↔ ${range(match.reference)} of “${match.title}” (${how}${Math.round(match.similarity)} % similar)`;
}

export function ReferenceHoldsPage() {
  const holds = useReferenceHolds();
  return (
    <section className="reference-holds" aria-labelledby="reference-holds-title">
      <h1 id="reference-holds-title">Holds on your references</h1>
      <p className="muted">
        Uploads the copyright check held because they match a reference recording you delivered. Release a hold when the upload is licensed or not yours; claim the
        work when it is yours, and a reviewer decides with your evidence.
      </p>
      {holds.isPending && <p className="muted">Loading the holds…</p>}
      {holds.isError && <Message severity="error" text={errorMessage(holds.error, 'The holds could not be loaded')} />}
      {holds.data?.length === 0 && <p className="muted">No upload is held for your references.</p>}
      <ul className="reference-holds__list" aria-label="Held uploads">
        {holds.data?.map((hold) => (
          <li key={hold.disputeId}>
            <HoldCard hold={hold} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function HoldCard({ hold }: { hold: ReferenceHold }) {
  const state = STATES[hold.state];
  const open = hold.allowedActions.includes('release_hold') || hold.allowedActions.includes('claim_work');
  return (
    <Card className="reference-holds__card">
      <div className="reference-holds__headline">
        <h2 className="reference-holds__title">“{hold.trackTitle}”</h2>
        <Tag value={state.label} severity={state.severity} />
      </div>
      <p className="muted small">
        Uploaded by {hold.uploaderName}, held {formatDate(hold.heldAt)}
        {hold.decision ? ` · decided by ${hold.decision.byName} on ${formatDate(hold.decision.decidedAt)}` : ''}
      </p>
      <ul className="reference-holds__matches" aria-label={`What “${hold.trackTitle}” matches`}>
        {hold.matches.map((match) => (
          <li key={`${match.title}-${match.upload?.startSeconds ?? 0}`}>{describeHoldMatch(match)}</li>
        ))}
      </ul>
      {(open || hold.state === 'claimed') && hold.decision === null && (
        <audio className="reference-holds__audio" controls preload="none" src={hold.audioUrl} aria-label={`The held upload “${hold.trackTitle}”`} />
      )}
      {open && <HoldAnswers hold={hold} />}
      <a href={`/dispute-management?dispute=${encodeURIComponent(hold.disputeId)}`}>Open the case</a>
    </Card>
  );
}

function HoldAnswers({ hold }: { hold: ReferenceHold }) {
  const [note, setNote] = useState('');
  const noteId = useId();
  const toast = useToast();
  const release = useReleaseHold();
  const claim = useClaimWork();
  const busy = release.isPending || claim.isPending;
  const failed = (summary: string) => (error: unknown) => toast.show({ severity: 'error', summary, detail: errorMessage(error, 'The server refused it') });
  return (
    <div className="reference-holds__answers">
      <label htmlFor={noteId}>Note (why you release it; required to claim)</label>
      <InputTextarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} rows={2} autoResize maxLength={2000} />
      <div className="reference-holds__buttons">
        {hold.allowedActions.includes('release_hold') && (
          <Button
            label="Release the hold"
            icon="pi pi-lock-open"
            severity="success"
            disabled={busy}
            loading={release.isPending}
            onClick={() =>
              release.mutate(
                { disputeId: hold.disputeId, note },
                { onSuccess: () => toast.show({ severity: 'success', summary: 'Hold released', detail: `“${hold.trackTitle}” is no longer held for your reference.` }), onError: failed('Not released') },
              )
            }
          />
        )}
        {hold.allowedActions.includes('claim_work') && (
          <Button
            label="Claim the work"
            icon="pi pi-flag"
            severity="warning"
            disabled={busy || note.trim() === ''}
            loading={claim.isPending}
            onClick={() =>
              claim.mutate(
                { disputeId: hold.disputeId, note },
                { onSuccess: () => toast.show({ severity: 'info', summary: 'Work claimed', detail: 'You are the claimant of the case now: add your evidence there. A reviewer decides.' }), onError: failed('Not claimed') },
              )
            }
          />
        )}
      </div>
    </div>
  );
}
