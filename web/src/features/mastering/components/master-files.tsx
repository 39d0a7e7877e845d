// The studio's listening card: the original upload (under the name it was uploaded with), the
// preview and the master (under the names their downloads get, the master with its settings),
// each with a player and, for preview and master, a download; then what the audio engine
// measured on the master.
import { Card } from 'primereact/card';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { MasteringResults, masteringResultsOf } from '../../../components/track/mastering-results';
import { AudioPlayer } from '../../../components/media/audio-player';
import { DownloadButton } from '../../../components/media/download-button';
import { downloadFileName } from '../../../lib/media/download-names';
import { masterSettingsText } from '../master-options';

const LABELS = { original: 'Original', preview: 'Preview', master: 'Master' } as const;

interface FileRowProps {
  item: VaultItem;
  kind: 'original' | 'preview' | 'master';
  label: string;
  path: string | null;
  missing: string;
}

/** The original under the name it was uploaded with; preview and master under their download names. */
function fileNameOf(item: VaultItem, kind: FileRowProps['kind']): string {
  return kind === 'original' ? item.metadata.originalName || downloadFileName(item) : downloadFileName(item, kind);
}

function FileRow({ item, kind, label, path, missing }: FileRowProps) {
  const fileName = fileNameOf(item, kind);
  const settings = kind === 'master' ? masterSettingsText(item) : '';
  return (
    <div className="master-file" data-kind={kind}>
      <div className="master-file__head">
        <h4>{label}</h4>
        {path && (
          <span className="master-file__name">
            <i className="pi pi-file" aria-hidden="true" /> {fileName}
          </span>
        )}
        {path && settings && <span className="master-file__settings">{settings}</span>}
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
            <DownloadButton item={item} kind={kind} label={kind === 'preview' ? 'Download Preview' : 'Download Master'} />
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
      <Card className="master-files stack-card">
        <h3 className="card-title">
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
