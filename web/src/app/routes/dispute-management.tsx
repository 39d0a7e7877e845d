// /dispute-management and its time-travel view /dispute-management/:id/history:
// signed in only; a visitor is asked to sign up or log in. The server decides which cases each viewer sees;
// the viewer's roles only decide what is offered (Assigned to Me for reviewers).
import { useParams, useSearchParams } from 'react-router-dom';
import { SignUpPrompt } from '../../components/ui/sign-up-prompt';
import { useRoles } from '../../lib/use-roles';
import { DisputeHistoryPage } from '../../features/dispute-management/components/dispute-history-page';
import { DisputeManagementPage } from '../../features/dispute-management/components/dispute-management-page';
import { useCurrentUser } from '../../lib/auth';
import { PageFrame } from './page-frame';

const SIGN_IN_REASON = 'Sign in to file a dispute about a registered work, answer a claim about yours, or follow your cases.';

export function DisputeManagementRoute() {
  const { user } = useCurrentUser();
  const { roles } = useRoles();
  return <PageFrame>{user ? <DisputeManagementPage key={user.id} roles={roles} /> : <SignUpPrompt title="Dispute Management" icon="pi-flag" reason={SIGN_IN_REASON} />}</PageFrame>;
}

/** The ?upTo= of a history page (also the track's): a whole number, or null for every event. */
export function useUpTo(): [number | null, (next: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number.parseInt(searchParams.get('upTo') ?? '', 10);
  return [Number.isInteger(requested) && requested >= 0 ? requested : null, (next) => setSearchParams({ upTo: String(Math.max(0, next)) })];
}

export const HISTORY_REASON = 'Sign in to replay a history: auditors, reviewers and the parties may.';

export function DisputeHistoryRoute() {
  const { user } = useCurrentUser();
  const { id = '' } = useParams();
  const [upTo, setUpTo] = useUpTo();
  return <PageFrame>{user ? <DisputeHistoryPage disputeId={id} upTo={upTo} onStep={setUpTo} /> : <SignUpPrompt title="Dispute history" icon="pi-history" reason={HISTORY_REASON} />}</PageFrame>;
}
