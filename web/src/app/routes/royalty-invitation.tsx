// The page a royalty invitation mail links to, /royalty-invitation/:token: anyone holding the
// signed link sees the invitation; a signed-in person accepts or declines it.
import { useParams } from 'react-router-dom';
import { InvitationPanel } from '../../features/smart-contracts/components/invitation-panel';
import { useCurrentUser } from '../../lib/auth';
import { PageFrame } from './page-frame';

export function RoyaltyInvitationRoute() {
  const { token = '' } = useParams();
  const { user } = useCurrentUser();
  return (
    <PageFrame>
      <InvitationPanel key={token} token={token} user={user} />
    </PageFrame>
  );
}
