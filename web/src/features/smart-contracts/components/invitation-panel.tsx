// The royalty invitation page's content: what the signed link offers — who invites
// whom to which share of which track — with Accept for a signed-in person (a visitor is asked to
// sign up or log in first, since an accepted share is paid to a GOOSE account) and Decline for
// anyone. A tampered or unknown link is refused by the server and said so here.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { User } from '../../../../../domain/contracts/auth';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { openLogin, openSignup } from '../../../lib/app-events';
import { useAcceptInvitation, useDeclineInvitation, useInvitation, type Invitation } from '../api/receivers';
import '../smart-contracts.css';

export function InvitationPanel({ token, user }: { token: string; user: User | null }) {
  const invitation = useInvitation(token);
  return (
    <section className="invitation-page" aria-labelledby="invitation-title">
      <Card>
        <h2 id="invitation-title" className="panel-title">
          <i className="pi pi-users" aria-hidden="true" /> Royalty invitation
        </h2>
        {invitation.isPending && <Skeleton height="6rem" aria-label="Loading the invitation" />}
        {invitation.isError && (
          <Message severity="error" text={`This invitation link cannot be used: ${errorMessage(invitation.error, 'it was not found')}`} />
        )}
        {invitation.data && <InvitationBody token={token} invitation={invitation.data} user={user} />}
      </Card>
    </section>
  );
}

export function InvitationBody({ token, invitation, user }: { token: string; invitation: Invitation; user: User | null }) {
  const toast = useToast();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;

  return (
    <div className="invitation">
      <p>
        <strong>{invitation.creatorName}</strong> invites <strong>{invitation.receiverName}</strong> ({invitation.receiverEmail}) to receive{' '}
        <strong>{invitation.royaltyPercentage}%</strong> of the royalties of <strong>"{invitation.contentTitle}"</strong>.
      </p>
      <p className="muted small">
        Payouts wait until every receiver has answered. An accepted share is credited to your GOOSE account in tokens (1 token = 1 USD), or paid in
        XRP to the wallet the creator entered for you.
      </p>
      {invitation.invitationStatus === 'accepted' && <Tag value="Accepted" severity="success" icon="pi pi-check" />}
      {invitation.invitationStatus === 'declined' && <Tag value="Declined" severity="danger" icon="pi pi-times" />}
      {invitation.invitationStatus === 'pending' && (
        <>
          {!user && (
            <div className="invitation__sign-in">
              <p>Sign up or log in to accept: the share is paid to your GOOSE account. Declining needs no account.</p>
              <div className="button-row">
                <Button label="Sign Up" icon="pi pi-user-plus" onClick={openSignup} />
                <Button label="Log In" icon="pi pi-sign-in" outlined onClick={openLogin} />
              </div>
            </div>
          )}
          <div className="button-row">
            {user && (
              <Button
                label="Accept"
                icon="pi pi-check"
                loading={accept.isPending}
                disabled={busy}
                onClick={() =>
                  accept.mutate(token, {
                    onSuccess: (answer) => toast.show({ severity: 'success', summary: 'Invitation Accepted', detail: answer.message }),
                    onError: (error) => toast.show({ severity: 'error', summary: 'Could not accept', detail: errorMessage(error, 'The invitation could not be accepted') }),
                  })
                }
              />
            )}
            <Button
              label="Decline"
              icon="pi pi-times"
              outlined
              severity="secondary"
              loading={decline.isPending}
              disabled={busy}
              onClick={() =>
                decline.mutate(token, {
                  onSuccess: (answer) => toast.show({ severity: 'info', summary: 'Invitation Declined', detail: answer.message ?? 'You will not receive these royalties.' }),
                  onError: (error) => toast.show({ severity: 'error', summary: 'Could not decline', detail: errorMessage(error, 'The invitation could not be declined') }),
                })
              }
            />
          </div>
        </>
      )}
    </div>
  );
}
