// The review of an oracle hold, in the case dialog of an oracle_review case: the held track and
// each registered work its check matched side by side with players, the matched passages with
// "Play from" buttons that seek both players, and — for the assigned reviewer — Clear / Refuse with
// the reasons. The decision, once taken, is shown instead. Auditors never get the audio (the server
// refuses it); the panel says so in the server's words.
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useId, useRef, useState } from 'react';
import type { Dispute, ReviewMaterial } from '../../../../../domain/contracts/disputes';
import { useToast } from '../../../components/ui/toast';
import { musicBrainzUrl } from '../../../components/copyright/external-match';
import { errorMessage } from '../../../lib/api-client';
import { formatDuration } from '../../../lib/format';
import { useReviewDecision, useReviewMaterial, type ReviewDecisionInput } from '../api/review';

export function ReviewPanel({ dispute }: { dispute: Dispute }) {
  const material = useReviewMaterial(dispute.id);
  if (material.status === 'pending') return <p className="muted">Loading the review material...</p>;
  if (material.status === 'error') return <Message severity="warn" text={errorMessage(material.error, 'The review material could not be loaded')} />;
  return <ReviewMaterialView dispute={dispute} material={material.data} />;
}

export function ReviewMaterialView({ dispute, material }: { dispute: Dispute; material: ReviewMaterial }) {
  const trackPlayer = useRef<HTMLAudioElement>(null);
  const workPlayers = useRef(new Map<string, HTMLAudioElement>());

  /** Seeks the held track and the work to the passage, and plays the held track from there. */
  const playFrom = (workId: string, queryStart: number, workStart: number) => {
    const work = workPlayers.current.get(workId);
    if (work) {
      work.pause();
      work.currentTime = workStart;
    }
    const track = trackPlayer.current;
    if (track) {
      track.currentTime = queryStart;
      void track.play().catch(() => undefined);
    }
  };

  return (
    <section className="review-panel" aria-label="Review of the held track">
      <h3>Review of the copyright hold</h3>
      <p className="muted small">
        The copyright check {material.verdict === 'conflict' ? 'found a conflict the creator contests' : 'held the track for review'}
        {material.reason ? `: ${material.reason}` : ''}
      </p>
      {material.searched && <p className="muted small">It searched {material.searched}.</p>}
      {material.referenceMatches.length > 0 && (
        <ul className="review-panel__passages" aria-label="Reference recordings matched">
          {material.referenceMatches.map((m) => (
            <li key={`${m.title}-${m.holderName}-${m.upload.startSeconds}`}>
              {formatDuration(m.upload.startSeconds)}–{formatDuration(m.upload.endSeconds)} of the held track ↔ {formatDuration(m.reference.startSeconds)}–{formatDuration(m.reference.endSeconds)} of “{m.title}”, a reference recording of {m.holderName} ({Math.round(m.similarity)} % similar; its holder keeps the file)
            </li>
          ))}
        </ul>
      )}
      {material.externalMatches.length > 0 && (
        <ul className="review-panel__passages" aria-label="AcoustID matches">
          {material.externalMatches.map((m) => (
            <li key={`${m.acoustidId}-${m.recording.mbid}`}>
              AcoustID: <a href={musicBrainzUrl('recording', m.recording.mbid)}>{m.recording.title ? `“${m.recording.title}”` : 'a MusicBrainz recording'}</a>
              {m.recording.artists.length > 0 ? ` by ${m.recording.artists.join(', ')}` : ''}
              {m.release ? (
                <>
                  {' '}
                  (release <a href={musicBrainzUrl('release', m.release.mbid)}>{m.release.title ? `“${m.release.title}”` : m.release.mbid}</a>)
                </>
              ) : null}
              , score {m.score.toFixed(2)}
            </li>
          ))}
        </ul>
      )}
      <div className="review-panel__works">
        <figure className="review-panel__work">
          <figcaption>
            <strong>{material.track.title}</strong> by {material.track.ownerName} <Tag value="Held track" severity="warning" />
          </figcaption>
          {material.track.audioUrl ? <audio ref={trackPlayer} controls preload="metadata" src={material.track.audioUrl} aria-label={`Audio of ${material.track.title}`} /> : <p className="muted small">The checked audio is no longer in the store.</p>}
        </figure>
        {material.matches.map((match) => (
          <figure key={match.workId} className="review-panel__work">
            <figcaption>
              <strong>{match.title}</strong> by {match.ownerName} <Tag value={`${Math.round(match.similarity)} % similar`} severity="info" />
            </figcaption>
            {match.audioUrl ? (
              <audio
                ref={(element) => {
                  if (element) workPlayers.current.set(match.workId, element);
                  else workPlayers.current.delete(match.workId);
                }}
                controls
                preload="metadata"
                src={match.audioUrl}
                aria-label={`Audio of ${match.title}`}
              />
            ) : (
              <p className="muted small">This work's audio is not in the store.</p>
            )}
          </figure>
        ))}
      </div>
      {material.matches.length === 0 && material.referenceMatches.length === 0 && material.externalMatches.length === 0 && <p className="muted small">The check matched no registered work by name.</p>}
      {material.matches.some((m) => m.passages.length > 0) ? (
        <ul className="review-panel__passages" aria-label="Matched passages">
          {material.matches.flatMap((match) =>
            match.passages.map((p) => (
              <li key={`${match.workId}-${p.queryStart}-${p.workStart}`}>
                <span>
                  {formatDuration(p.queryStart)}–{formatDuration(p.queryEnd)} of the held track ↔ {formatDuration(p.workStart)}–{formatDuration(p.workEnd)} of “{match.title}”, {Math.round(p.similarity)} % similar
                </span>
                <Button label={`Play from ${formatDuration(p.queryStart)}`} icon="pi pi-play" size="small" text onClick={() => playFrom(match.workId, p.queryStart, p.workStart)} />
              </li>
            )),
          )}
        </ul>
      ) : material.referenceMatches.length === 0 && material.externalMatches.length === 0 ? (
        <p className="muted small">This check did not record which passages it found.</p>
      ) : null}
      {dispute.resolution ? <ReviewDecisionShown resolution={dispute.resolution} /> : dispute.viewer.allowedActions.includes('review_decision') ? <ReviewDecisionForm disputeId={dispute.id} /> : (
        <p className="muted small">{dispute.assignedToName ? `${dispute.assignedToName} is reviewing it.` : 'No reviewer has taken this case yet.'}</p>
      )}
    </section>
  );
}

function ReviewDecisionShown({ resolution }: { resolution: NonNullable<Dispute['resolution']> }) {
  const cleared = resolution.outcome === 'cleared';
  return (
    <Message
      severity={cleared ? 'success' : 'error'}
      text={`${cleared ? 'Cleared' : 'Refused'} by ${resolution.resolvedByName}: ${resolution.details}${cleared ? ' The track may now be registered.' : ''}`}
    />
  );
}

function ReviewDecisionForm({ disputeId }: { disputeId: string }) {
  const toast = useToast();
  const decide = useReviewDecision(disputeId);
  const [details, setDetails] = useState('');
  const detailsId = useId();
  const submit = (outcome: ReviewDecisionInput['outcome']) =>
    decide.mutate(
      { outcome, details },
      {
        onSuccess: () => toast.show({ severity: 'success', summary: outcome === 'cleared' ? 'Track cleared' : 'Track refused', detail: 'The decision was sent to the track.' }),
        onError: (error) => toast.show({ severity: 'error', summary: 'Decision not recorded', detail: errorMessage(error, 'The decision could not be recorded') }),
      },
    );
  const blank = details.trim() === '';
  return (
    <div className="review-panel__decision">
      <label htmlFor={detailsId}>Reasons for the decision</label>
      <InputTextarea id={detailsId} value={details} onChange={(event) => setDetails(event.target.value)} rows={3} maxLength={5000} autoResize />
      <div className="button-row">
        <Button label="Clear" icon="pi pi-check" severity="success" disabled={blank || decide.isPending} loading={decide.isPending} onClick={() => submit('cleared')} />
        <Button label="Refuse" icon="pi pi-times" severity="danger" outlined disabled={blank || decide.isPending} onClick={() => submit('refused')} />
      </div>
    </div>
  );
}
