// One's own place on the list: waiting for the mailed link, or confirmed with the affiliate code,
// the link to share, the confirmed referrals, and referral earnings of 0 with the reason.
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import type { WaitingListStatus } from '../../../../../domain/contracts/waiting-list';

export function EntryStatus({ status }: { status: WaitingListStatus }) {
  const [copied, setCopied] = useState(false);
  if (!status.confirmed || !status.affiliateCode) {
    return <Message severity="info" text={`${status.email} joined and waits for confirmation: open the link mailed to it and press Confirm.`} />;
  }
  // Rendered to markup in tests, where there is no window.
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const shareLink = `${origin}/streaming?ref=${encodeURIComponent(status.affiliateCode)}`;
  const copy = () => {
    void navigator.clipboard?.writeText(shareLink).then(() => setCopied(true));
  };
  return (
    <div className="waiting-list-entry">
      <Message severity="success" text={`${status.email} is on the list (${status.isPriority ? 'priority' : 'standard'}).`} />
      <dl className="waiting-list-entry__facts">
        <div>
          <dt>Your referral code</dt>
          <dd>
            <code data-testid="waiting-list-code">{status.affiliateCode}</code>
          </dd>
        </div>
        <div>
          <dt>Link to share</dt>
          <dd className="waiting-list-entry__link">
            <code>{shareLink}</code>
            <Button type="button" label={copied ? 'Copied' : 'Copy link'} icon="pi pi-copy" text size="small" onClick={copy} />
          </dd>
        </div>
        <div>
          <dt>Referrals (confirmed addresses)</dt>
          <dd data-testid="waiting-list-referrals">{status.referrals}</dd>
        </div>
        <div>
          <dt>Referral earnings</dt>
          <dd>{status.referralEarnings}</dd>
        </div>
      </dl>
      <p className="muted small">{status.referralEarningsReason}</p>
    </div>
  );
}
