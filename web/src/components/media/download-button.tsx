// Downloads one of a vault item's audio files under fixed names: the original with
// its own extension, the master as title_mastered.<ext>, the preview as title_preview.<ext>.
// Files are owner-only: each is fetched through a fresh signed link (docs/ip-protection.md) and saved from a blob.
import { Button } from 'primereact/button';
import { useState } from 'react';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { useToast } from '../ui/toast';
import { downloadFile } from '../../lib/download-file';
import { audioPath, downloadFileName, type AudioKind } from '../../lib/media/download-names';
import { signedMediaUrl } from '../../lib/media/use-media-link';

const LABELS: Record<AudioKind, string> = {
  original: 'Download',
  master: 'Download master',
  preview: 'Download preview',
};

export function DownloadButton({ item, kind = 'original', label = LABELS[kind] }: { item: VaultItem; kind?: AudioKind; label?: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const path = audioPath(item, kind);

  const download = async () => {
    if (!path) {
      toast.show({ severity: 'warn', summary: 'No File Available', detail: `"${item.title}" has no stored file yet.` });
      return;
    }
    setBusy(true);
    const fileName = downloadFileName(item, kind);
    try {
      await downloadFile(await signedMediaUrl(path), fileName);
      toast.show({ severity: 'success', summary: 'Download Complete', detail: `Saved as ${fileName}` });
    } catch {
      toast.show({ severity: 'error', summary: 'Download Error', detail: 'Failed to download the file' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      icon="pi pi-download"
      label={label}
      size="small"
      outlined
      loading={busy}
      disabled={!path}
      tooltip={path ? undefined : 'The file is still being stored'}
      tooltipOptions={{ showOnDisabled: true, position: 'top' }}
      onClick={() => void download()}
    />
  );
}
