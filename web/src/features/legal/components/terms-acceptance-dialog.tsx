// Asked of a signed-in user who has not accepted the current Terms of Service (a new version was
// published, or the account was made through the API): the terms, an Accept button, and a way to
// log out instead. It cannot be dismissed: the dashboard is used under the current terms.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { useLogout } from '../../../lib/auth';
import { legalPath, useLegalDocument } from '../../../lib/legal';
import { useAcceptTerms } from '../api/accept-terms';
import { formatEffective, LegalDocumentView } from './legal-document-view';

export function TermsAcceptanceDialog() {
  const terms = useLegalDocument('terms');
  const accept = useAcceptTerms();
  const logout = useLogout();
  const version = terms.data?.version;
  return (
    <Dialog
      header="Accept the Terms of Service"
      visible
      onHide={() => undefined}
      closable={false}
      className="legal-dialog terms-acceptance-dialog"
      breakpoints={{ '960px': '90vw', '640px': '100vw' }}
      draggable={false}
      footer={
        <div className="terms-acceptance-dialog__actions">
          <Button label="Log out" icon="pi pi-sign-out" text loading={logout.isPending} onClick={() => logout.mutate()} />
          <Button
            label="Accept"
            icon="pi pi-check"
            disabled={version === undefined}
            loading={accept.isPending}
            onClick={() => version !== undefined && accept.mutate(version)}
          />
        </div>
      }
    >
      {terms.data && (
        <p className="terms-acceptance-dialog__lead">
          To use GOOSE, read and accept version {terms.data.version} of the Terms of Service, effective {formatEffective(terms.data.effective)}. How your data is
          kept is in the <Link to={legalPath('privacy')}>Privacy Policy</Link>.
        </p>
      )}
      {accept.isError && <Message severity="error" text={errorMessage(accept.error, 'Could not record your acceptance')} />}
      {terms.isPending && <Skeleton height="12rem" />}
      {terms.isError && <Message severity="error" text={`Could not load the terms: ${errorMessage(terms.error, 'unknown error')}`} />}
      {terms.data && <LegalDocumentView document={terms.data} />}
    </Dialog>
  );
}
