// Downloads a vault item's file under its title plus the original extension (spec 1 §9). The
// file is fetched with the session cookie (files are owner-only) and saved from a blob.
import { Button } from 'primereact/button';
import { useState } from 'react';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { useToast } from '../../../components/ui/toast';
import { fileExtension } from '../../../lib/format';

export function downloadFileName(item: Pick<VaultItem, 'title' | 'metadata'>): string {
  const safeTitle = item.title.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'download';
  return `${safeTitle}${fileExtension(item.metadata.originalName)}`;
}

export function DownloadButton({ item }: { item: VaultItem }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    if (!item.filePath) {
      toast.show({ severity: 'warn', summary: 'No File Available', detail: `"${item.title}" has no stored file yet.` });
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(item.filePath, { credentials: 'include' });
      if (!response.ok) throw new Error(`${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = downloadFileName(item);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.show({ severity: 'success', summary: 'Download Complete', detail: `Saved as ${link.download}` });
    } catch {
      toast.show({ severity: 'error', summary: 'Download Error', detail: 'Failed to download the file' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      icon="pi pi-download"
      label="Download"
      size="small"
      outlined
      loading={busy}
      disabled={!item.filePath}
      tooltip={item.filePath ? undefined : 'The file is still being stored'}
      tooltipOptions={{ showOnDisabled: true, position: 'top' }}
      onClick={() => void download()}
    />
  );
}
