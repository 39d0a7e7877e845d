// Downloads a preview or master under the name it is given (the track's title plus a suffix and
// the file's own extension, "Song_preview.wav", "Song_mastered.mp3": vault/download-names). Files
// are owner-only, so the file is fetched with the session cookie and saved from a blob.
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useToast } from '../../../components/ui/toast';

export function FileDownloadButton({ path, fileName, label }: { path: string; fileName: string; label: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(path, { credentials: 'include' });
      if (!response.ok) throw new Error(`${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the blob by then; free it a little later.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.show({ severity: 'success', summary: 'Download Complete', detail: `Saved as ${fileName}` });
    } catch {
      toast.show({ severity: 'error', summary: 'Download Error', detail: 'Failed to download the file' });
    } finally {
      setBusy(false);
    }
  };

  return <Button icon="pi pi-download" label={label} size="small" outlined loading={busy} onClick={() => void download()} />;
}
