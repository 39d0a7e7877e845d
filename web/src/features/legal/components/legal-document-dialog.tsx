// The dialog a document's address (/legal/<id>) opens over the page. Closing it goes back where the
// reader came from (the back button does the same); a direct visit has nowhere to go back to, so
// closing it shows the dashboard.
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { legalDocumentOfPath, useLegalDocument } from '../../../lib/legal';
import { DASHBOARD_PATH } from '../../../lib/dashboard-tabs';
import { LegalDocumentView } from './legal-document-view';

export function LegalDocumentDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const id = legalDocumentOfPath(location.pathname);
  const document = useLegalDocument(id);
  // 'default' is the key of the first entry of this visit: there is no page of ours to go back to.
  const close = () => void (location.key === 'default' ? navigate(DASHBOARD_PATH, { replace: true }) : navigate(-1));
  return (
    <Dialog
      header={document.data?.title ?? 'Legal document'}
      visible={id !== null}
      onHide={close}
      className="legal-dialog"
      breakpoints={{ '960px': '90vw', '640px': '100vw' }}
      draggable={false}
      dismissableMask
      // A long document scrolls: focusable, so a keyboard can scroll it.
      pt={{ content: { tabIndex: 0 } }}
    >
      {document.isPending && id !== null && <Skeleton height="12rem" />}
      {document.isError && <Message severity="error" text={`Could not load the document: ${errorMessage(document.error, 'unknown error')}`} />}
      {document.data && <LegalDocumentView document={document.data} />}
    </Dialog>
  );
}
