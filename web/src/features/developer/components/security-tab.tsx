// The Security tab: per key, the addresses it may be used from (comma-separated IPs
// or CIDR ranges, saved with PATCH /api/developer/keys/:id — it really submits, unlike the original
// screen), and the thresholds every key lives under, shown read-only.
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useId, useState, type FormEvent } from 'react';
import {
  FAILED_REQUEST_RATIO_LIMIT,
  FAILURE_MIN_CALLS,
  FAILURE_WINDOW_CALLS,
  REQUESTS_PER_MINUTE,
} from '../../../../../domain/developer/api-tiers';
import type { ApiKey } from '../../../../../domain/contracts/developer';
import { useToast } from '../../../components/ui/toast';
import { useUpdateAllowlist } from '../api/developer';
import { allowlistFailedToast, allowlistSavedToast, parseAllowlist } from '../labels';

export function SecurityTab({ keys }: { keys: readonly ApiKey[] }) {
  return (
    <div className="api-security">
      <section aria-labelledby="thresholds-title">
        <h3 id="thresholds-title" className="section-title">
          Limits on every key
        </h3>
        <ul className="api-security__thresholds">
          <li>
            <strong>{REQUESTS_PER_MINUTE} requests a minute</strong> per key; more are refused with 429 and a Retry-After header.
          </li>
          <li>
            <strong>{Math.round(FAILED_REQUEST_RATIO_LIMIT * 100)}% failed-request ratio</strong>: a key whose last {FAILURE_WINDOW_CALLS} calls (once it
            has made {FAILURE_MIN_CALLS}) were refused as bad requests (4xx other than 402 for want of tokens and 429) more than {Math.round(FAILED_REQUEST_RATIO_LIMIT * 100)}% of the
            time is suspended, with the figures as its reason.
          </li>
        </ul>
        <p className="muted small">These thresholds are the same for every key and cannot be changed here.</p>
      </section>
      <section aria-labelledby="allowlist-title">
        <h3 id="allowlist-title" className="section-title">
          IP allowlist
        </h3>
        <p className="muted small">
          Optional. When a key has addresses, calls from any other address are refused with 403. Leave it empty to allow any address.
        </p>
        {keys.length === 0 ? (
          <p className="muted">No API keys yet.</p>
        ) : (
          keys.map((key) => <AllowlistForm key={key.id} apiKey={key} />)
        )}
      </section>
    </div>
  );
}

export function AllowlistForm({ apiKey }: { apiKey: ApiKey }) {
  const toast = useToast();
  const update = useUpdateAllowlist();
  const inputId = useId();
  const [text, setText] = useState(() => apiKey.ipAllowlist.join(', '));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAllowlist(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    update.mutate(
      { keyId: apiKey.id, ipAllowlist: parsed.ipAllowlist },
      {
        onSuccess: (saved) => {
          setText(saved.ipAllowlist.join(', '));
          toast.show(allowlistSavedToast(saved));
        },
        onError: (failure) => toast.show(allowlistFailedToast(failure)),
      },
    );
  };

  return (
    <form className="allowlist-form" onSubmit={submit} aria-label={`IP allowlist of ${apiKey.keyName}`}>
      <label htmlFor={inputId}>
        Allowed IP addresses for <strong>{apiKey.keyName}</strong> <code className="muted small">{apiKey.keyPrefix}</code>
      </label>
      <div className="allowlist-form__row">
        <InputText
          id={inputId}
          value={text}
          placeholder="203.0.113.7, 198.51.100.0/24"
          invalid={error !== null}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" label="Save" icon="pi pi-save" loading={update.isPending} aria-label={`Save allowlist of ${apiKey.keyName}`} />
      </div>
      {error && <Message id={`${inputId}-error`} severity="error" text={error} />}
    </form>
  );
}
