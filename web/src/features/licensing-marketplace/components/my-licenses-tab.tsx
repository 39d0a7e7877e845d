// My licenses: what the signed-in buyer bought, with its status and why it waits or
// failed, the signed certificate as JSON and PDF once issued, a 1–5 rating given once, and the
// license's licensing proof in the proof explorer.
import { Message } from 'primereact/message';
import { Rating } from 'primereact/rating';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { Link } from 'react-router-dom';
import type { PurchasedLicense } from '../../../../../domain/contracts/licensing';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { certificateJsonUrl, certificatePdfUrl, useMyLicenses, useRateLicense } from '../api/licensing';
import { formatPriceCents, LICENSE_TYPE_DISPLAY, PAYMENT_METHOD_LABELS, proofExplorerUrl, PURCHASE_STATUS_DISPLAY, SCOPE_LABELS } from '../labels';

export function MyLicensesTab() {
  const licenses = useMyLicenses({ enabled: true });
  if (licenses.isPending) return <Skeleton height="6rem" aria-label="Loading your licenses" />;
  if (licenses.isError) return <Message severity="error" text={`Your licenses could not be loaded: ${errorMessage(licenses.error, 'unknown error')}`} />;
  return <MyLicenseList licenses={licenses.data} />;
}

export function MyLicenseList({ licenses }: { licenses: readonly PurchasedLicense[] }) {
  if (licenses.length === 0) {
    return (
      <div className="marketplace-empty">
        <i className="pi pi-file" aria-hidden="true" />
        <h3>No licenses yet</h3>
        <p className="muted">Licenses you purchase appear here with their certificates.</p>
      </div>
    );
  }
  return (
    <ul className="purchased-list">
      {licenses.map((license) => (
        <li key={license.id}>
          <PurchasedLicenseRow license={license} />
        </li>
      ))}
    </ul>
  );
}

function PurchasedLicenseRow({ license }: { license: PurchasedLicense }) {
  const toast = useToast();
  const rate = useRateLicense();
  const status = PURCHASE_STATUS_DISPLAY[license.status];
  const issued = license.status === 'issued';

  const submitRating = (rating: number | null | undefined) => {
    if (!rating) return;
    rate.mutate(
      { licenseId: license.id, rating },
      {
        onSuccess: () => toast.show({ severity: 'success', summary: 'Thank you for rating', detail: `You rated “${license.workTitle}” ${rating} of 5` }),
        onError: (error) => toast.show({ severity: 'error', summary: 'Rating failed', detail: errorMessage(error, 'Unknown error') }),
      },
    );
  };

  return (
    <article className="purchased-license" aria-label={`Your license for ${license.workTitle}`}>
      <header className="purchased-license__header">
        <div>
          <h3>{license.workTitle}</h3>
          <span className="muted small">
            by {license.creator} · {LICENSE_TYPE_DISPLAY[license.type].label} · {SCOPE_LABELS[license.scope]} · {license.territory} · {license.duration}
          </span>
        </div>
        <Tag value={status.label} severity={status.severity} />
      </header>
      <p className="small">
        {formatPriceCents(license.priceCents, license.currency)} by {PAYMENT_METHOD_LABELS[license.paymentMethod]} · purchased {formatDate(license.purchasedAt)}
        {license.issuedAt && ` · issued ${formatDate(license.issuedAt)}`}
      </p>
      {license.reason && <p className="muted small">{license.reason}</p>}
      {issued && (
        <div className="purchased-license__actions">
          <div className="button-row">
            <a className="p-button p-button-sm p-button-outlined" href={certificateJsonUrl(license.id)} download>
              <i className="pi pi-download" aria-hidden="true" />
              &nbsp;Certificate JSON
            </a>
            <a className="p-button p-button-sm p-button-outlined" href={certificatePdfUrl(license.id)} download>
              <i className="pi pi-file-pdf" aria-hidden="true" />
              &nbsp;Certificate PDF
            </a>
            {license.proofId && (
              <Link className="p-button p-button-sm p-button-text" to={proofExplorerUrl(license.proofId)}>
                <i className="pi pi-verified" aria-hidden="true" />
                &nbsp;View proof
              </Link>
            )}
          </div>
          <div className="purchased-license__rating">
            {license.rating === null ? (
              <>
                <span className="small">Rate this license</span>
                <Rating cancel={false} disabled={rate.isPending} onChange={(event) => submitRating(event.value)} aria-label="Rate this license" pt={{ root: { role: 'group' } }} />
              </>
            ) : (
              <>
                <span className="small">Your rating</span>
                <Rating value={license.rating} readOnly cancel={false} aria-label={`Your rating: ${license.rating} of 5`} pt={{ root: { role: 'img' } }} />
              </>
            )}
          </div>
        </div>
      )}
    </article>
  );
}
