// The copyright certificate viewer: the PDF embedded, 'Download PDF' (saved as the
// certificate's pdfFileName) and 'Open in New Tab'.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useToast } from '../ui/toast';
import { certificatePdfDownloadUrl, certificatePdfViewUrl } from '../../lib/track/api/get-certificate';
import { downloadFile } from '../../lib/download-file';

interface CertificateViewerDialogProps {
  contentId: string;
  pdfFileName: string;
  visible: boolean;
  onHide(): void;
}

export function CertificateViewerDialog({ contentId, pdfFileName, visible, onHide }: CertificateViewerDialogProps) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const viewUrl = certificatePdfViewUrl(contentId);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(certificatePdfDownloadUrl(contentId), pdfFileName);
      toast.show({ severity: 'success', summary: 'Certificate Downloaded', detail: `Saved as ${pdfFileName}` });
    } catch {
      toast.show({ severity: 'error', summary: 'Download Failed', detail: 'Unable to download certificate. Please try again.' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog
      header="Certificate PDF"
      visible={visible}
      onHide={onHide}
      className="certificate-viewer-dialog"
      draggable={false}
      dismissableMask
      maximizable
      footer={
        <div className="button-row certificate-dialog__footer">
          <Button label="Download PDF" icon="pi pi-download" loading={downloading} onClick={() => void download()} />
          <Button
            label="Open in New Tab"
            icon="pi pi-external-link"
            outlined
            onClick={() => window.open(viewUrl, '_blank', 'noopener,noreferrer')}
          />
        </div>
      }
    >
      {visible && <iframe className="certificate-viewer__frame" title="Copyright certificate PDF" src={viewUrl} />}
    </Dialog>
  );
}
