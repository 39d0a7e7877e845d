// The API Keys tab: each key with its name, tier, status (a suspended key
// with its reason), the usage bar of its monthly quota, today's calls, created and last used, and
// Delete behind a confirmation. A key just created shows in full above the list with Copy for 30 s;
// afterwards its row shows only the prefix with a note that the full key was shown once.
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { API_KEY_HEADER, API_TIER_LIMITS, NEW_KEY_VISIBLE_MS } from '../../../../../domain/developer/api-tiers';
import type { ApiKey } from '../../../../../domain/contracts/developer';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDeleteApiKey } from '../api/developer';
import { dailyUsageLabel, keyDeletedToast, keyDeleteFailedToast, lastUsedLabel } from '../labels';
import { UsageBar } from './usage-bar';

interface ApiKeysTabProps {
  status: 'pending' | 'error' | 'success';
  keys: readonly ApiKey[];
  error?: unknown;
  /** The key whose full value was shown and has expired: its row says so. */
  shownOnceId: string | null;
  onCreate(): void;
  now?: Date;
}

export function ApiKeysTab({ status, keys, error, shownOnceId, onCreate, now }: ApiKeysTabProps) {
  if (status === 'pending') return <Skeleton height="8rem" aria-label="Loading your API keys" />;
  if (status === 'error') return <Message severity="error" text={`Your API keys could not be loaded: ${errorMessage(error, 'unknown error')}`} />;
  return (
    <div className="api-keys">
      {keys.length === 0 ? (
        <div className="empty-state">
          <p>No API keys yet. A key lets your own programs call the GOOSE API with the {API_KEY_HEADER} header.</p>
          <Button label="Create your first key" icon="pi pi-plus" onClick={onCreate} />
        </div>
      ) : (
        <ul className="api-keys__list">
          {keys.map((key) => (
            <li key={key.id}>
              <ApiKeyRow apiKey={key} shownOnce={shownOnceId === key.id} now={now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ApiKeyRow({ apiKey, shownOnce, now }: { apiKey: ApiKey; shownOnce: boolean; now?: Date }) {
  const toast = useToast();
  const remove = useDeleteApiKey();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // mutateAsync, not mutate's callbacks: the refetch after a delete unmounts this row before they would run.
  const confirmDelete = () =>
    void remove.mutateAsync(apiKey.id).then(
      () => toast.show(keyDeletedToast(apiKey.keyName)),
      (failure: unknown) => toast.show(keyDeleteFailedToast(failure)),
    );

  return (
    <article className="api-key" aria-label={`API key ${apiKey.keyName}`}>
      <div className="api-key__head">
        <strong className="api-key__name">{apiKey.keyName}</strong>
        <Tag value={API_TIER_LIMITS[apiKey.tier].name} severity={apiKey.tier === 'free' ? 'info' : 'contrast'} />
        {apiKey.status === 'suspended' ? <Tag value="Suspended" severity="danger" icon="pi pi-ban" /> : <Tag value="Active" severity="success" />}
        <Button
          label="Delete"
          icon="pi pi-trash"
          size="small"
          severity="danger"
          text
          className="api-key__delete"
          aria-label={`Delete ${apiKey.keyName}`}
          loading={remove.isPending}
          onClick={() => setConfirmOpen(true)}
        />
      </div>
      {apiKey.status === 'suspended' && (
        <Message
          severity="error"
          text={`Suspended: ${apiKey.suspendedReason ?? 'no reason recorded'}. A suspended key stays refused; delete it and create a new one.`}
        />
      )}
      <div className="api-key__value">
        <code>{apiKey.keyValue}</code>
        {shownOnce && <span className="muted small">The full key was shown once, when it was created; it cannot be shown again.</span>}
      </div>
      <UsageBar used={apiKey.currentUsage} quota={apiKey.monthlyQuota} label={`Monthly usage of ${apiKey.keyName}`} />
      <dl className="api-key__facts">
        <div>
          <dt>Today</dt>
          <dd>{dailyUsageLabel(apiKey)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(apiKey.createdAt)}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>{lastUsedLabel(apiKey.lastUsed, now)}</dd>
        </div>
        <div>
          <dt>Allowed addresses</dt>
          <dd>{apiKey.ipAllowlist.length === 0 ? 'Any' : apiKey.ipAllowlist.join(', ')}</dd>
        </div>
      </dl>
      <ConfirmDialog
        visible={confirmOpen}
        onHide={() => setConfirmOpen(false)}
        header="Delete this API key?"
        message={`“${apiKey.keyName}” stops working at once: every call made with it is refused. This cannot be undone.`}
        icon="pi pi-exclamation-triangle"
        acceptLabel="Delete key"
        rejectLabel="Keep it"
        acceptClassName="p-button-danger"
        accept={confirmDelete}
      />
    </article>
  );
}

/** The new key in full, for NEW_KEY_VISIBLE_MS after its creation, with Copy ("Copied" for 2 s). */
export function NewKeyReveal({ keyName, keyValue, copied, onCopy }: { keyName: string; keyValue: string; copied: boolean; onCopy(): void }) {
  return (
    <section className="api-keys__reveal" aria-label={`New API key ${keyName}`}>
      <Message severity="warn" text={`Copy “${keyName}” now: the full key is shown once, for ${NEW_KEY_VISIBLE_MS / 1000} seconds, and cannot be shown again.`} />
      <div className="api-key__value">
        <code className="api-key__secret">{keyValue}</code>
        <Button type="button" label={copied ? 'Copied' : 'Copy'} icon={copied ? 'pi pi-check' : 'pi pi-copy'} size="small" onClick={onCopy} />
      </div>
    </section>
  );
}
