// The Documentation dialog: how to call the v1 API — the
// X-API-Key header, both routes with curl examples against this page's own origin, the limits and
// the charge — and a link to the full reference (the OpenAPI page's v1 section).
import { Dialog } from 'primereact/dialog';
import { API_KEY_HEADER, API_TIER_LIMITS, API_TIERS, PAID_CALL_CENTS, REQUESTS_PER_MINUTE, V1_MAX_UPLOAD_BYTES } from '../../../../../domain/developer/api-tiers';
import { curlExamples, formatUsd, V1_REFERENCE_URL, V1_ROUTES } from '../labels';

export function DocumentationDialog({ visible, onHide }: { visible: boolean; onHide(): void }) {
  return (
    <Dialog header="Documentation" visible={visible} onHide={onHide} className="developer-dialog developer-dialog--wide" draggable={false} modal>
      {visible && <DocumentationBody origin={window.location.origin} />}
    </Dialog>
  );
}

export function DocumentationBody({ origin }: { origin: string }) {
  const examples = curlExamples(origin);
  return (
    <div className="api-docs">
      <section>
        <h3 className="section-title">Authentication</h3>
        <p>
          Send your key in the <code>{API_KEY_HEADER}</code> header of every request. A missing or wrong key is refused with 401, a suspended key or an
          address outside the key&apos;s allowlist with 403. Errors are JSON: <code>{'{ "error": "…" }'}</code>.
        </p>
      </section>
      <section>
        <h3 className="section-title">Endpoints</h3>
        <ul className="api-docs__routes">
          {V1_ROUTES.map((route) => (
            <li key={route.path}>
              <code>
                {route.method} {route.path}
              </code>{' '}
              — {route.summary}
            </li>
          ))}
        </ul>
        <h4>Analyse a registered track</h4>
        <pre className="api-docs__example">{examples.analyzeById}</pre>
        <h4>Analyse an audio file (up to {V1_MAX_UPLOAD_BYTES / (1024 * 1024)} MB)</h4>
        <pre className="api-docs__example">{examples.analyzeFile}</pre>
        <h4>Create a royalty contract</h4>
        <pre className="api-docs__example">{examples.createContract}</pre>
      </section>
      <section>
        <h3 className="section-title">Limits and charges</h3>
        <ul>
          {API_TIERS.map((tier) => {
            const limits = API_TIER_LIMITS[tier];
            return (
              <li key={tier}>
                {limits.name}: {limits.monthlyQuota.toLocaleString('en-US')} calls a month,{' '}
                {limits.dailyLimit === null ? 'no daily limit' : `${limits.dailyLimit.toLocaleString('en-US')} a day`},{' '}
                {limits.pricePerCallCents === 0 ? 'free' : `${formatUsd(limits.pricePerCallCents)} a successful call in tokens`}
              </li>
            );
          })}
          <li>
            Every key: {REQUESTS_PER_MINUTE} requests a minute. Over a limit the answer is 429 with a Retry-After header (seconds). Paid calls cost{' '}
            {formatUsd(PAID_CALL_CENTS)}; without enough tokens the answer is 402.
          </li>
        </ul>
      </section>
      <p>
        <a href={V1_REFERENCE_URL} target="_blank" rel="noreferrer">
          Full API reference (request and response schemas) <i className="pi pi-external-link" aria-hidden="true" />
        </a>
      </p>
    </div>
  );
}
