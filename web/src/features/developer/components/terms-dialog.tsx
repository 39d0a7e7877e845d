// The API Terms of Service dialog: what a key's creator
// agrees to, with the figures from domain/developer/api-tiers.ts. Accepting is what sends the
// creation request with termsAccepted true; declining goes back to the form.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { API_TERMS_VERSION, API_TIER_LIMITS, PAID_CALL_CENTS, REQUESTS_PER_MINUTE, V1_MAX_UPLOAD_BYTES } from '../../../../../domain/developer/api-tiers';
import { formatUsd } from '../labels';

interface TermsDialogProps {
  visible: boolean;
  accepting: boolean;
  onAccept(): void;
  onDecline(): void;
}

export function TermsDialog({ visible, accepting, onAccept, onDecline }: TermsDialogProps) {
  return (
    <Dialog header="API Terms of Service" visible={visible} onHide={onDecline} className="developer-dialog" draggable={false} modal footer={<TermsButtons accepting={accepting} onAccept={onAccept} onDecline={onDecline} />}>
      <TermsBody />
    </Dialog>
  );
}

export function TermsButtons({ accepting, onAccept, onDecline }: Omit<TermsDialogProps, 'visible'>) {
  return (
    <div className="button-row">
      <Button label="Decline" outlined onClick={onDecline} disabled={accepting} />
      <Button label="Accept" icon="pi pi-check" onClick={onAccept} loading={accepting} />
    </div>
  );
}

export function TermsBody() {
  const { free, pro } = API_TIER_LIMITS;
  return (
    <div className="api-terms">
      <p className="muted small">Version {API_TERMS_VERSION}</p>
      <ul>
        <li>
          Rate limits: Free {free.dailyLimit} requests a day and {free.monthlyQuota.toLocaleString('en-US')} a month; Pro {pro.dailyLimit?.toLocaleString('en-US')} a day
          and {pro.monthlyQuota.toLocaleString('en-US')} a month; Enterprise {API_TIER_LIMITS.enterprise.monthlyQuota.toLocaleString('en-US')} a month with no daily
          limit. Every key: at most {REQUESTS_PER_MINUTE} requests a minute.
        </li>
        <li>
          Paid tiers cost {formatUsd(PAID_CALL_CENTS)} a successful call, charged in GOOSE tokens from your balance when the call is made; a call that
          fails is not charged. There is no monthly fee.
        </li>
        <li>Files: audio (such as MP3, WAV or FLAC) up to {V1_MAX_UPLOAD_BYTES / (1024 * 1024)} MB a request.</li>
        <li>Uptime target: 99.9%. It is a target, not a guarantee, and no credits are paid when it is missed.</li>
        <li>Commercial use is allowed on every tier, the free one included: no subscription is needed for it, and a paid tier's key pays per call as above.</li>
        <li>Keep your key secret. It is shown once; GOOSE stores only its hash and cannot show it again. Delete a key that may have leaked.</li>
        <li>A key whose requests keep failing is suspended, and refused from then on.</li>
      </ul>
    </div>
  );
}
