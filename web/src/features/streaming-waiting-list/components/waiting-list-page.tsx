// The streaming waiting list's page (/streaming): the plan's comparison labelled as its claim, the
// numbers (polled), and one's own place: the join form until this browser or this account has an
// entry, then its status with the referral code once confirmed.
import { Message } from 'primereact/message';
import { errorMessage } from '../../../lib/api-client';
import { useWaitingListStatus } from '../api/waiting-list';
import { EntryStatus } from './entry-status';
import { JoinForm } from './join-form';
import { PlanComparison } from './plan-comparison';
import { WaitingListStats } from './waiting-list-stats';
import '../waiting-list.css';

export function WaitingListPage({ referralCode, onDropReferral, signedIn }: { referralCode: string | null; onDropReferral(): void; signedIn: boolean }) {
  const status = useWaitingListStatus();
  return (
    <div className="waiting-list">
      <h1>Per-stream streaming platform: waiting list</h1>
      <p>
        GOOSE is planning a streaming platform that would pay creators for each stream. It is not built: there is nothing to stream on yet. Join the list to hear when it opens; joining
        costs nothing and credits nothing.
      </p>
      <div className="waiting-list__grid">
        <PlanComparison />
        <WaitingListStats />
      </div>
      <section className="waiting-list__card" aria-labelledby="waiting-list-you-title">
        <h2 id="waiting-list-you-title">Your place</h2>
        {status.isError && <Message severity="error" text={errorMessage(status.error, 'Your place could not be loaded')} />}
        {status.isPending && <p className="muted">Loading…</p>}
        {status.isSuccess && (status.data ? <EntryStatus status={status.data} /> : <JoinForm referralCode={referralCode} onDropReferral={onDropReferral} signedIn={signedIn} />)}
      </section>
    </div>
  );
}
