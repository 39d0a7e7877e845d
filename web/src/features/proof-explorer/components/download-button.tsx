// A Download button for a proof's bundle or one of its evidence documents: the file is saved under
// its name; a refusal (the registered file is not published, a missing proof) is toasted with the
// server's words instead of being saved as the file.
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

export function DownloadButton({ url, fileName, label = 'Download', ariaLabel }: { url: string; fileName: string; label?: string; ariaLabel?: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadFile(url, fileName)
      .catch((error: unknown) => toast.show({ severity: 'error', summary: 'Download failed', detail: errorMessage(error, `${fileName} could not be downloaded`) }))
      .finally(() => setBusy(false));
  };
  return <Button type="button" label={label} icon="pi pi-download" outlined size="small" loading={busy} aria-label={ariaLabel} onClick={download} />;
}
