// /tracks/:id/history: a track's lifecycle events and the track after any of them, for
// its owner and auditors; signed in only.
import { useParams } from 'react-router-dom';
import { SignUpPrompt } from '../../components/ui/sign-up-prompt';
import { TrackHistoryPage } from '../../features/vault/components/track-history-page';
import { useCurrentUser } from '../../lib/auth';
import { HISTORY_REASON, useUpTo } from './dispute-management';
import { PageFrame } from './page-frame';

export function TrackHistoryRoute() {
  const { user } = useCurrentUser();
  const { id = '' } = useParams();
  const [upTo, setUpTo] = useUpTo();
  return <PageFrame>{user ? <TrackHistoryPage trackId={id} upTo={upTo} onStep={setUpTo} /> : <SignUpPrompt title="Track history" icon="pi-history" reason={HISTORY_REASON} />}</PageFrame>;
}
