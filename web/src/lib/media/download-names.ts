// The names files are saved under: the original keeps its own extension, the master
// is the title plus `_mastered`, the preview the title plus `_preview`, each with the extension
// of the file actually stored (e.g. `_mastered.wav`, `_preview.mp3`).
import type { VaultItem } from '../../../../domain/contracts/vault';
import { fileExtension } from '../format';

export type AudioKind = 'original' | 'master' | 'preview';

/** A title made safe as a file name on every common system; never empty. */
export function safeFileTitle(title: string): string {
  return title.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'download';
}

function extensionOfPath(path: string): string {
  return fileExtension(path.split(/[?#]/)[0]?.split('/').pop() ?? '');
}

type NamedItem = Pick<VaultItem, 'title' | 'metadata' | 'landrMasteredFilePath' | 'landrPreviewFilePath'>;

/** The stored file of each kind, or null when the item has none (yet). */
export function audioPath(item: Pick<VaultItem, 'filePath' | 'landrMasteredFilePath' | 'landrPreviewFilePath'>, kind: AudioKind): string | null {
  if (kind === 'master') return item.landrMasteredFilePath;
  if (kind === 'preview') return item.landrPreviewFilePath;
  return item.filePath;
}

export function downloadFileName(item: NamedItem, kind: AudioKind = 'original'): string {
  const title = safeFileTitle(item.title);
  if (kind === 'master') return `${title}_mastered${extensionOfPath(item.landrMasteredFilePath ?? '')}`;
  if (kind === 'preview') return `${title}_preview${extensionOfPath(item.landrPreviewFilePath ?? '')}`;
  return `${title}${fileExtension(item.metadata.originalName)}`;
}
