// /streaming, the per-stream platform's waiting list (a `?ref=CODE` link carries a referral code),
// and /streaming/confirm?token=…, the page its mailed link opens. Both are open to visitors.
import { useSearchParams } from 'react-router-dom';
import { ConfirmWaitingListPanel } from '../../features/streaming-waiting-list/components/confirm-panel';
import { WaitingListPage } from '../../features/streaming-waiting-list/components/waiting-list-page';
import { useCurrentUser } from '../../lib/auth';
import { PageFrame } from './page-frame';

export function StreamingRoute() {
  const [params, setParams] = useSearchParams();
  const { user } = useCurrentUser();
  const referralCode = params.get('ref');
  const dropReferral = () => setParams((current) => {
    const next = new URLSearchParams(current);
    next.delete('ref');
    return next;
  });
  return (
    <PageFrame>
      <WaitingListPage referralCode={referralCode} onDropReferral={dropReferral} signedIn={user !== null} />
    </PageFrame>
  );
}

export function StreamingConfirmRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <PageFrame>
      <ConfirmWaitingListPanel key={token} token={token} />
    </PageFrame>
  );
}
