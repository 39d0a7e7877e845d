// One content item in the vault: title, type, status (and a Generated tag for a song the studio
// made), where its workflow stands,
// the facts intake found out, players for the original, the preview and the master (with the
// 'GOOSE: ' master status badge), downloads, the passages of a track the copyright check held for
// review (and the creator's review request), and the certificate / distribution actions once the
// item is registered or has a registry transaction (Distribute opens the Distribution dialog).
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { Tooltip } from 'primereact/tooltip';
import { useState } from 'react';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { HeldForReview } from '../../../components/copyright/held-for-review';
import { isHeldForReview } from '../../../components/copyright/registered-work';
import { CONTENT_TYPE_DISPLAY, ContentTypeIcon } from '../../../components/ui/content-type-icon';
import { formatBytes, formatDate, formatDuration, shortenHash } from '../../../lib/format';
import { DistributionDialog } from '../../../components/distribution/distribution-dialog';
import { ledgerStatusLabel, masterStatusLabel, masterStatusSeverity } from '../../../lib/track/status-labels';
import '../vault.css';
import { AudioPlayer } from '../../../components/media/audio-player';
import { CertificateDialog } from '../../../components/track/certificate-dialog';
import { DownloadButton } from '../../../components/media/download-button';
import { WorkflowSteps } from '../../../components/track/workflow-steps';

const STATUS_DISPLAY: Record<string, { label: string; severity: 'success' | 'warning' | 'danger' | 'secondary' | 'info'; icon: string }> = {
  registered: { label: 'Registered', severity: 'success', icon: 'pi pi-verified' },
  processing: { label: 'Processing', severity: 'warning', icon: 'pi pi-spin pi-spinner' },
  failed: { label: 'Failed', severity: 'danger', icon: 'pi pi-times-circle' },
};
const UNKNOWN_STATUS = { label: 'Unknown', severity: 'secondary', icon: 'pi pi-question-circle' } as const;
// Not processing: nothing runs on a held track until its creator acts.
const HELD_STATUS = { label: 'Held for review', severity: 'warning', icon: 'pi pi-pause-circle' } as const;

export function statusDisplay(status: string) {
  return STATUS_DISPLAY[status] ?? UNKNOWN_STATUS;
}

/** Stages where a track waits for its creator to start the next step (STAGE_LABELS says which: "Ready for mastering"…). */
const WAITING_ON_CREATOR: ReadonlySet<string> = new Set(['master', 'oracle', 'register', 'contract']);

/**
 * The card's status badge: "Processing" only while something runs; a track waiting on its creator
 * says what it is ready for (its stage's label), and a held one says so.
 */
export function cardStatus(item: Pick<VaultItem, 'status' | 'workflow' | 'mastering'>, held: boolean) {
  if (held) return HELD_STATUS;
  const running = item.workflow.steps.some((step) => step.status === 'running') || Boolean(item.mastering?.running);
  if (item.status === 'processing' && !running && WAITING_ON_CREATOR.has(item.workflow.stage)) {
    return { label: item.workflow.stageLabel, severity: 'info', icon: 'pi pi-clock' } as const;
  }
  return statusDisplay(item.status);
}

export function VaultCard({ item, demo = false }: { item: VaultItem; demo?: boolean }) {
  const type = CONTENT_TYPE_DISPLAY[item.contentType];
  const held = !demo && isHeldForReview(item.copyrightCheck);
  const status = cardStatus(item, held);
  const { metadata } = item;
  const canCertify = item.status === 'registered' || Boolean(item.xrplTxHash);
  // Distribution is for music only; the dialog asks for the registration when there is no hash yet.
  const canDistribute = canCertify && item.contentType === 'music';
  const tooltipClass = `vault-card-tip-${item.id}`;
  const [certificateOpen, setCertificateOpen] = useState(false);
  const [distributionOpen, setDistributionOpen] = useState(false);
  const players = demo ? [] : cardPlayers(item);

  return (
    <article className={`vault-card stack-card stack-card--tile${demo ? ' vault-card--demo' : ''}`} aria-label={item.title} data-status={item.status}>
      <Card>
        <header className="vault-card__header">
          <ContentTypeIcon type={item.contentType} />
          <div className="vault-card__heading">
            <h3>{item.title}</h3>
            <span className="muted">
              {type.label} · {formatDate(item.createdAt)}
            </span>
          </div>
          <div className="vault-card__tags">
            {demo && <Tag value="Demo" severity="info" />}
            {item.generationId && <Tag value="Generated" severity="info" icon="pi pi-sparkles" aria-label="Generated in the studio" />}
            {item.landrMasterStatus && (
              <Tag value={masterStatusLabel(item.landrMasterStatus)} severity={masterStatusSeverity(item.landrMasterStatus)} icon="pi pi-sliders-h" />
            )}
            <Tag value={status.label} severity={status.severity} icon={status.icon} aria-label={`Status: ${status.label}`} />
          </div>
        </header>

        {item.description && <p className="vault-card__description">{item.description}</p>}

        <WorkflowSteps workflow={item.workflow} />

        {held && item.copyrightCheck && (
          <div className="vault-card__held inset-box">
            <HeldForReview check={item.copyrightCheck} />
          </div>
        )}

        <Tooltip target={`.${tooltipClass}`} position="top" />
        <dl className="facts vault-card__facts">
          <div>
            <dt>Duration</dt>
            <dd>{metadata.duration != null ? formatDuration(metadata.duration) : '—'}</dd>
          </div>
          <div>
            <dt>Size</dt>
            <dd>{formatBytes(metadata.size)}</dd>
          </div>
          <div>
            <dt>Format</dt>
            <dd>{metadata.format ? metadata.format.toUpperCase() : '—'}</dd>
          </div>
          <div className="vault-card__fact--wide">
            <dt>SHA-256</dt>
            <dd>
              {metadata.sha256 ? (
                <code className={tooltipClass} data-pr-tooltip={metadata.sha256} tabIndex={0} aria-label={`SHA-256 ${metadata.sha256}`}>
                  {shortenHash(metadata.sha256)}
                </code>
              ) : (
                '—'
              )}
            </dd>
          </div>
          <div>
            <dt>Royalty split</dt>
            <dd>{item.royaltySplit}%</dd>
          </div>
          {metadata.genre && (
            <div>
              <dt>Genre</dt>
              <dd>{metadata.genre}</dd>
            </div>
          )}
          {item.registration && (
            <div className="vault-card__fact--full">
              <dt>XRPL registration</dt>
              <dd className="vault-card__ledger" data-ledger-status={item.registration.ledgerStatus}>
                {ledgerStatusLabel(item.registration.ledgerStatus)}
              </dd>
            </div>
          )}
        </dl>

        {players.length > 0 && (
          <div className="vault-card__players">
            {players.map((player) => (
              <div key={player.kind} className="vault-card__player">
                {players.length > 1 && <span className="vault-card__player-label">{player.caption}</span>}
                <AudioPlayer
                  playerId={`${item.id}:${player.kind}`}
                  label={`${player.caption} audio of ${item.title}`}
                  title={player.kind === 'original' ? item.title : `${item.title} (${player.caption.toLowerCase()})`}
                  src={player.src}
                  knownDuration={player.kind === 'original' ? metadata.duration : null}
                />
                {player.kind === 'master' && metadata.mastering && <MasterResults results={metadata.mastering.results} />}
              </div>
            ))}
          </div>
        )}

        {!demo && (
          <div className="vault-card__actions">
            <DownloadButton item={item} />
            {item.landrPreviewFilePath && <DownloadButton item={item} kind="preview" />}
            {item.landrMasteredFilePath && <DownloadButton item={item} kind="master" />}
            {canCertify && <Button label="Certificate" icon="pi pi-verified" size="small" outlined onClick={() => setCertificateOpen(true)} />}
            {canDistribute && <Button label="Distribute" icon="pi pi-send" size="small" outlined onClick={() => setDistributionOpen(true)} />}
          </div>
        )}
        {canCertify && !demo && (
          <CertificateDialog contentId={item.id} title={item.title} visible={certificateOpen} onHide={() => setCertificateOpen(false)} />
        )}
        {canDistribute && !demo && <DistributionDialog track={item} visible={distributionOpen} onHide={() => setDistributionOpen(false)} />}
      </Card>
    </article>
  );
}

interface CardPlayer {
  kind: 'original' | 'preview' | 'master';
  caption: string;
  src: string;
}

/** The original of a music item, then the preview and the master when mastering made them. */
function cardPlayers(item: VaultItem): CardPlayer[] {
  const players: CardPlayer[] = [];
  if (item.contentType === 'music' && item.filePath) players.push({ kind: 'original', caption: 'Original', src: item.filePath });
  if (item.landrPreviewFilePath) players.push({ kind: 'preview', caption: 'Preview', src: item.landrPreviewFilePath });
  if (item.landrMasteredFilePath) players.push({ kind: 'master', caption: 'Master', src: item.landrMasteredFilePath });
  return players;
}

function MasterResults({ results }: { results: NonNullable<VaultItem['metadata']['mastering']>['results'] }) {
  return (
    <p className="vault-card__master-results muted">
      Loudness {results.lufs.toFixed(1)} LUFS · dynamic range {results.dynamicRange.toFixed(1)} · peak {results.peak.toFixed(1)} dB
    </p>
  );
}
