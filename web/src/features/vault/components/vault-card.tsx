// One content item in the vault (spec 1 §2, §3): title, type, status, where its workflow stands,
// the facts intake found out, a player for music, download, and the certificate / distribution
// actions once the item is registered.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { Tooltip } from 'primereact/tooltip';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { formatBytes, formatDate, formatDuration, shortenHash } from '../../../lib/format';
import { AudioPlayer } from './audio-player';
import { DownloadButton } from './download-button';
import { WorkflowSteps } from './workflow-steps';

const TYPE_DISPLAY: Record<VaultItem['contentType'], { label: string; icon: string }> = {
  music: { label: 'Music', icon: 'pi-headphones' },
  video: { label: 'Video', icon: 'pi-video' },
  image: { label: 'Image', icon: 'pi-image' },
  text: { label: 'Text', icon: 'pi-file' },
};

const STATUS_DISPLAY: Record<string, { label: string; severity: 'success' | 'warning' | 'danger' | 'secondary'; icon: string }> = {
  registered: { label: 'Registered', severity: 'success', icon: 'pi pi-verified' },
  processing: { label: 'Processing', severity: 'warning', icon: 'pi pi-spin pi-spinner' },
  failed: { label: 'Failed', severity: 'danger', icon: 'pi pi-times-circle' },
};
const UNKNOWN_STATUS = { label: 'Unknown', severity: 'secondary', icon: 'pi pi-question-circle' } as const;

export function statusDisplay(status: string) {
  return STATUS_DISPLAY[status] ?? UNKNOWN_STATUS;
}

export function VaultCard({ item, demo = false }: { item: VaultItem; demo?: boolean }) {
  const type = TYPE_DISPLAY[item.contentType];
  const status = statusDisplay(item.status);
  const { metadata } = item;
  const canCertify = item.status === 'registered' || Boolean(item.xrplTxHash);
  const canDistribute = item.contentType === 'music' && item.status === 'registered' && Boolean(item.xrplTxHash);
  const tooltipClass = `vault-card-tip-${item.id}`;

  return (
    <article className={`vault-card${demo ? ' vault-card--demo' : ''}`} aria-label={item.title} data-status={item.status}>
      <Card>
        <header className="vault-card__header">
          <div className={`vault-card__type vault-card__type--${item.contentType}`} aria-hidden="true">
            <i className={`pi ${type.icon}`} />
          </div>
          <div className="vault-card__heading">
            <h3>{item.title}</h3>
            <span className="muted">
              {type.label} · {formatDate(item.createdAt)}
            </span>
          </div>
          <div className="vault-card__tags">
            {demo && <Tag value="Demo" severity="info" />}
            <Tag value={status.label} severity={status.severity} icon={status.icon} aria-label={`Status: ${status.label}`} />
          </div>
        </header>

        {item.description && <p className="vault-card__description">{item.description}</p>}

        <WorkflowSteps workflow={item.workflow} />

        <Tooltip target={`.${tooltipClass}`} position="top" />
        <dl className="vault-card__facts">
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
        </dl>

        {item.contentType === 'music' && item.filePath && !demo && (
          <AudioPlayer itemId={item.id} title={item.title} src={item.filePath} knownDuration={metadata.duration} />
        )}

        {!demo && (
          <div className="vault-card__actions">
            <DownloadButton item={item} />
            {canCertify && (
              <Button
                label="Certificate"
                icon="pi pi-verified"
                size="small"
                outlined
                disabled
                tooltip="Certificates are not available yet"
                tooltipOptions={{ showOnDisabled: true, position: 'top' }}
              />
            )}
            {canDistribute && (
              <Button
                label="Distribute"
                icon="pi pi-send"
                size="small"
                outlined
                disabled
                tooltip="Distribution is not available yet"
                tooltipOptions={{ showOnDisabled: true, position: 'top' }}
              />
            )}
          </div>
        )}
      </Card>
    </article>
  );
}
