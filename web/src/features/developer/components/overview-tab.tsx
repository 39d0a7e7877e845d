// The Overview tab: what the developer API is for, the user's keys and calls this
// month at a glance, the three steps to a first call, and plainly what it does not offer.
import { API_KEY_HEADER } from '../../../../../domain/developer/api-tiers';
import type { ApiKey } from '../../../../../domain/contracts/developer';

export function OverviewTab({ keys }: { keys: readonly ApiKey[] | undefined }) {
  const active = keys?.filter((key) => key.status === 'active').length;
  const suspended = keys?.filter((key) => key.status === 'suspended').length ?? 0;
  const calls = keys?.reduce((sum, key) => sum + key.currentUsage, 0);
  return (
    <div className="api-overview">
      <p>
        Call the GOOSE copyright oracle and create royalty contracts from your own programs: analyse your registered tracks or an audio file against
        the registry, and create the standard royalty contract for a registered track. Calls are authenticated with an API key in the{' '}
        <code>{API_KEY_HEADER}</code> header and act on your own content only.
      </p>
      <dl className="api-usage__stats">
        <div className="api-usage__stat">
          <dt>Active keys</dt>
          <dd>{active ?? '—'}</dd>
        </div>
        <div className="api-usage__stat">
          <dt>Suspended keys</dt>
          <dd>{keys ? suspended : '—'}</dd>
        </div>
        <div className="api-usage__stat">
          <dt>Calls this month</dt>
          <dd>{calls?.toLocaleString('en-US') ?? '—'}</dd>
        </div>
      </dl>
      <ol className="api-overview__steps">
        <li>Create a key (Create API Key, above) and accept the API Terms of Service. Copy the key at once: it is shown only once.</li>
        <li>
          Send it in the <code>{API_KEY_HEADER}</code> header with each request (see the Documentation).
        </li>
        <li>Follow your calls, their cost and errors in the Usage tab; restrict a key to your servers&apos; addresses in the Security tab.</li>
      </ol>
      <p className="muted small">
        Not offered: webhooks, a sandbox, access to other people&apos;s content, or changing a key&apos;s tier after creation (create another key).
      </p>
    </div>
  );
}
