// The studio's listening card: the original upload, the preview and the master, each with its
// file path and (for preview and master) a download under the track's title; then what the audio
// engine measured on the master.
import { Card } from 'primereact/card';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { MasteringResults, masteringResultsOf } from '../../track-workflow/components/mastering-results';
import { AudioPlayer } from '../../vault/components/audio-player';
import { FileDownloadButton, masteredFileName } from './file-download-button';

const LABELS = { original: 'Original', preview: 'Preview', master: 'Master' } as const;

interface FileRowProps {
  item: VaultItem;
  kind: 'original' | 'preview' | 'master';
  label: string;
  path: string | null;
  missing: string;
}

function FileRow({ item, kind, label, path, missing }: FileRowProps) {
  return (
    <div className="master-file" data-kind={kind}>
      <div className="master-file__head">
        <h4>{label}</h4>
        {path && <code className="master-file__path">{path}</code>}
      </div>
      {path ? (
        <div className="master-file__body">
          <AudioPlayer
            playerId={`${item.id}:${kind}`}
            label={`${LABELS[kind]} audio of ${item.title}`}
            title={kind === 'original' ? item.title : `${item.title} (${kind})`}
            src={path}
            knownDuration={kind === 'original' ? item.metadata.duration : null}
          />
          {kind !== 'original' && (
            <FileDownloadButton
              path={path}
              fileName={masteredFileName(item.title, kind === 'preview' ? 'preview' : 'mastered', path)}
              label={kind === 'preview' ? 'Download Preview' : 'Download Master'}
            />
          )}
        </div>
      ) : (
        <p className="muted small">{missing}</p>
      )}
    </div>
  );
}

export function MasterFiles({ item }: { item: VaultItem }) {
  const results = masteringResultsOf(item);
  return (
    <section aria-label="Original, preview and master">
      <Card className="master-files">
        <h3 className="master-files__title">
          <i className="pi pi-volume-up" aria-hidden="true" /> Listen and Compare
        </h3>
        <FileRow item={item} kind="original" label="Original" path={item.filePath} missing="The upload's file is not stored yet." />
        <FileRow item={item} kind="preview" label="Preview" path={item.landrPreviewFilePath} missing="No preview yet. Create Preview makes one with the settings above." />
        <FileRow item={item} kind="master" label="Master" path={item.landrMasteredFilePath} missing="No master yet. Master Track makes one with the settings above." />
        {results && <MasteringResults results={results} />}
      </Card>
    </section>
  );
}
