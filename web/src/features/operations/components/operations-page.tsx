// The operations page, /operations (operators only): what this server can do (and the settings
// that turn on what is off), then five sections — failed ledger
// steps (registrations with their result codes and a Retry button; contract anchors and payout
// lines, which have no retry path and say so), releases waiting for the delivery partner (with
// why and a Retry), stuck or failing workflows from Temporal (or why Temporal could not be
// asked), royalty money by partner and period (./reconciliation.tsx), the mail outbox, and the
// emergency lockdown (./account-lockdown.tsx: suspend, end a session, reinstate). The
// server checks the operator role on every
// call; this page only decides what to offer.
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import type { LedgerFailuresResponse, OutboxResponse, WaitingDeliveriesResponse, WorkflowsResponse } from '../../../../../domain/contracts/operations';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { useRoles } from '../../../lib/use-roles';
import { useLedgerFailures, useOutbox, useReconciliation, useRetryDelivery, useRetryRegistration, useTroubledWorkflows, useWaitingDeliveries } from '../api/operations';
import { useSuspendedAccounts } from '../api/lockdown';
import { LockdownForm, SuspendedAccounts } from './account-lockdown';
import { PartnerReconciliation } from './reconciliation';
import { ServerCapabilities } from './server-capabilities';
import { useCapabilities } from '../../../lib/capabilities';
import { relativeTime } from '../relative-time';
import '../operations.css';

const PROBLEMS: Record<WorkflowsResponse['workflows'][number]['problem'], string> = {
  activity_failing: 'Activity failing',
  activity_slow: 'Activity running long',
  run_failed: 'Run failed',
};

function ResultCode({ code }: { code: string | null }) {
  return code ? <Tag severity="danger" value={code} /> : <Tag severity="secondary" value="no result code" />;
}

function Section({ title, children, error, loading }: { title: string; children: ReactNode; error?: unknown; loading?: boolean }) {
  return (
    <section className="operations__section" aria-label={title}>
      <h2>{title}</h2>
      {loading ? <p>Loading...</p> : error ? <Message severity="error" text={errorMessage(error, `${title} could not be loaded`)} /> : children}
    </section>
  );
}

export interface LedgerFailuresProps {
  data: LedgerFailuresResponse;
  now?: Date;
  onRetry(trackId: string): void;
  retrying: string | null;
  retryResult: { trackId: string; text: string; ok: boolean } | null;
}

export function LedgerFailures({ data, now, onRetry, retrying, retryResult }: LedgerFailuresProps) {
  const none = data.registrations.length + data.contractAnchors.length + data.payouts.length === 0;
  return (
    <>
      {none && <p>No failed ledger steps.</p>}
      {data.registrations.length > 0 && (
        <>
          <h3>Registrations</h3>
          <ul className="operations__list">
            {data.registrations.map((r) => (
              <li key={r.trackId}>
                <ResultCode code={r.resultCode} /> <strong>{r.title}</strong> by {r.ownerName ?? r.ownerId} — {r.reason}{' '}
                <span className="operations__time">failed {relativeTime(r.failedAt, now)}</span>
                {r.retries > 0 && <span> · retried {r.retries}×</span>}{' '}
                <Button label="Retry" icon="pi pi-refresh" size="small" loading={retrying === r.trackId} disabled={retrying !== null} onClick={() => onRetry(r.trackId)} />
                {retryResult?.trackId === r.trackId && <Message severity={retryResult.ok ? 'success' : 'error'} text={retryResult.text} />}
              </li>
            ))}
          </ul>
        </>
      )}
      {data.contractAnchors.length > 0 && (
        <>
          <h3>Contract anchors</h3>
          <ul className="operations__list">
            {data.contractAnchors.map((a) => (
              <li key={a.contractId}>
                <ResultCode code={a.resultCode} /> <strong>{a.contentTitle}</strong> by {a.ownerName ?? a.ownerId} on {a.network} — {a.reason ?? 'no reason recorded'}{' '}
                <span className="operations__time">created {relativeTime(a.createdAt, now)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {data.payouts.length > 0 && (
        <>
          <h3>XRPL payouts</h3>
          <ul className="operations__list">
            {data.payouts.map((p) => (
              <li key={`${p.runId}-${p.lineIndex}`}>
                <ResultCode code={p.resultCode} /> ${(p.amountCents / 100).toFixed(2)} to {p.recipient} for <strong>{p.contentTitle}</strong> — {p.reason}
                {p.at && <span className="operations__time"> {relativeTime(p.at, now)}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      <ul className="operations__notes">
        {data.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </>
  );
}

export interface WaitingDeliveriesProps {
  data: WaitingDeliveriesResponse;
  now?: Date;
  onRetry(distributionId: string): void;
  retrying: string | null;
  retryResult: { distributionId: string; text: string; ok: boolean } | null;
}

export function WaitingDeliveries({ data, now, onRetry, retrying, retryResult }: WaitingDeliveriesProps) {
  return (
    <>
      {data.waiting.length === 0 ? <p>{data.partner ? `No release is waiting for ${data.partner}.` : 'No release is waiting.'}</p> : (
        <ul className="operations__list">
          {data.waiting.map((w) => (
            <li key={w.distributionId}>
              <Tag severity="warning" value="Partner unreachable" /> <strong>{w.songName}</strong> by {w.ownerName ?? w.ownerId} — {w.reason}{' '}
              <span className="operations__time">waiting since {relativeTime(w.since, now)}</span>{' '}
              <Button label="Retry" icon="pi pi-refresh" size="small" loading={retrying === w.distributionId} disabled={retrying !== null} onClick={() => onRetry(w.distributionId)} />
              {retryResult?.distributionId === w.distributionId && <Message severity={retryResult.ok ? 'success' : 'error'} text={retryResult.text} />}
            </li>
          ))}
        </ul>
      )}
      <p className="operations__notes">{data.note}</p>
    </>
  );
}

export function TroubledWorkflows({ data, now }: { data: WorkflowsResponse; now?: Date }) {
  if (!data.reachable) return <Message severity="warn" text={`Temporal is not reachable: ${data.error ?? 'no reason given'}`} />;
  if (data.workflows.length === 0) return <p>No stuck or failing workflows.</p>;
  return (
    <ul className="operations__list">
      {data.workflows.map((w) => (
        <li key={`${w.runId}-${w.activity ?? ''}`}>
          <Tag severity={w.problem === 'activity_slow' ? 'warning' : 'danger'} value={PROBLEMS[w.problem]} /> <strong>{w.workflowId}</strong> ({w.type}, {w.status})
          {w.activity && <span> · {w.activity}{w.attempt ? `, attempt ${w.attempt}` : ''}</span>}
          {w.lastFailure && <span> — {w.lastFailure}</span>}
          <span className="operations__time"> {w.since ? relativeTime(w.since, now) : `started ${relativeTime(w.startedAt, now)}`}</span>
        </li>
      ))}
    </ul>
  );
}

export function Outbox({ data, now }: { data: OutboxResponse; now?: Date }) {
  return (
    <>
      <Message severity={data.transport === 'smtp' ? 'info' : 'warn'} text={data.note} />
      {data.transport === 'outbox' && data.messages.length === 0 && <p>The outbox is empty.</p>}
      <ul className="operations__list">
        {data.messages.map((m) => (
          <li key={m.messageId}>
            <Tag severity="secondary" value={m.kind} /> To {m.to}: <strong>{m.subject}</strong> <span className="operations__time">{relativeTime(m.createdAt, now)}</span>
            {m.link && (
              <div>
                <a href={m.link}>{m.link}</a>
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function OperationsPage() {
  const { user, isPending: userPending } = useCurrentUser();
  const roles = useRoles();
  const operator = roles.has('operator');
  const failures = useLedgerFailures(operator);
  const workflows = useTroubledWorkflows(operator);
  const outbox = useOutbox(operator);
  const reconciliation = useReconciliation(operator);
  const retry = useRetryRegistration();
  const deliveries = useWaitingDeliveries(operator);
  const retryDelivery = useRetryDelivery();
  const capabilities = useCapabilities();
  const suspended = useSuspendedAccounts(operator);

  if (userPending || (user && roles.isPending)) return <p>Loading...</p>;
  if (!user) return <Message severity="info" text="Sign in as an operator to see the operations page." />;
  if (!operator) return <Message severity="warn" text="This page is for operators: it needs the operator role." />;

  const retryResult = retry.variables
    ? retry.isSuccess
      ? { trackId: retry.variables, ok: true, text: `Retried: ${retry.data.outcome}, certificate ${retry.data.certificateId}` }
      : retry.isError
        ? { trackId: retry.variables, ok: false, text: errorMessage(retry.error, 'The retry failed') }
        : null
    : null;

  const deliveryRetryResult = retryDelivery.variables
    ? retryDelivery.isSuccess
      ? { distributionId: retryDelivery.variables, ok: true, text: retryDelivery.data.message }
      : retryDelivery.isError
        ? { distributionId: retryDelivery.variables, ok: false, text: errorMessage(retryDelivery.error, 'The retry failed') }
        : null
    : null;

  return (
    <div className="operations">
      <h1>Operations</h1>
      <Section title="What this server can do" loading={capabilities.isPending} error={capabilities.error}>
        {capabilities.data && <ServerCapabilities capabilities={capabilities.data} />}
      </Section>
      <Section title="Failed ledger steps" loading={failures.isPending} error={failures.error}>
        {failures.data && <LedgerFailures data={failures.data} onRetry={(trackId) => retry.mutate(trackId)} retrying={retry.isPending ? (retry.variables ?? null) : null} retryResult={retryResult} />}
      </Section>
      <Section title="Waiting for the delivery partner" loading={deliveries.isPending} error={deliveries.error}>
        {deliveries.data && (
          <WaitingDeliveries
            data={deliveries.data}
            onRetry={(distributionId) => retryDelivery.mutate(distributionId)}
            retrying={retryDelivery.isPending ? (retryDelivery.variables ?? null) : null}
            retryResult={deliveryRetryResult}
          />
        )}
      </Section>
      <Section title="Stuck or failing workflows" loading={workflows.isPending} error={workflows.error}>
        <Button label="Refresh" icon="pi pi-sync" text size="small" loading={workflows.isFetching} onClick={() => void workflows.refetch()} />
        {workflows.data && <TroubledWorkflows data={workflows.data} />}
      </Section>
      <Section title="Royalty money by partner and period" loading={reconciliation.isPending} error={reconciliation.error}>
        {reconciliation.data && <PartnerReconciliation data={reconciliation.data} />}
      </Section>
      <Section title="Outbox" loading={outbox.isPending} error={outbox.error}>
        {outbox.data && <Outbox data={outbox.data} />}
      </Section>
      <Section title="Emergency lockdown">
        <LockdownForm />
      </Section>
      <Section title="Suspended accounts" loading={suspended.isPending} error={suspended.error}>
        {suspended.data && <SuspendedAccounts accounts={suspended.data.accounts} />}
      </Section>
    </div>
  );
}
