// The Library tab: the creator's copyrighted (registered) content with title, ID, file
// type and the XRPL hash's first 12 characters; Play, Certificate and Create Smart Contract. With
// nothing registered yet it offers Go to Oracle, which switches the dashboard to the oracle tab.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useState } from 'react';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { AudioPlayer } from '../../../components/media/audio-player';
import { CertificateDialog } from '../../../components/track/certificate-dialog';
import { fileTypeOf, registeredContent, shortHash } from '../labels';

interface LibraryTabProps {
  items: readonly VaultItem[];
  /** Content ids that already have a contract. */
  contracted: ReadonlySet<string>;
  onCreateContract(contentId: string): void;
}

export function LibraryTab({ items, contracted, onCreateContract }: LibraryTabProps) {
  const changeTab = useChangeTab();
  const registered = registeredContent(items);
  if (registered.length === 0) {
    return (
      <Card className="empty-state">
        <i className="pi pi-shield empty-state__icon" aria-hidden="true" />
        <h3>No copyrighted tracks yet</h3>
        <p className="muted">Register a track on the XRP Ledger in the Copyright Oracle; registered tracks are listed here.</p>
        <Button label="Go to Oracle" icon="pi pi-shield" onClick={() => changeTab('oracle')} />
      </Card>
    );
  }
  return (
    <ul className="library-list" aria-label="Copyrighted tracks">
      {registered.map((item) => (
        <LibraryRow key={item.id} item={item} hasContract={contracted.has(item.id)} onCreateContract={onCreateContract} />
      ))}
    </ul>
  );
}

function LibraryRow({ item, hasContract, onCreateContract }: { item: VaultItem; hasContract: boolean; onCreateContract(contentId: string): void }) {
  const [playing, setPlaying] = useState(false);
  const [certificateOpen, setCertificateOpen] = useState(false);
  const src = item.landrMasteredFilePath ?? item.filePath;
  const playable = item.contentType === 'music' && src !== null;

  return (
    <li className="library-row inset-box">
      <div className="library-row__facts">
        <strong>{item.title}</strong>
        <span className="muted small">
          ID <code>{item.id}</code> · {fileTypeOf(item)} · XRPL <code title={item.xrplTxHash ?? ''}>{shortHash(item.xrplTxHash ?? '')}</code>
        </span>
      </div>
      <div className="button-row">
        {playable && (
          <Button label={playing ? 'Hide player' : 'Play'} icon={playing ? 'pi pi-times' : 'pi pi-play'} size="small" text onClick={() => setPlaying(!playing)} />
        )}
        <Button label="Certificate" icon="pi pi-verified" size="small" text onClick={() => setCertificateOpen(true)} />
        <Button
          label={hasContract ? 'Contract created' : 'Create Smart Contract'}
          icon="pi pi-file-edit"
          size="small"
          outlined={hasContract}
          disabled={hasContract}
          onClick={() => onCreateContract(item.id)}
        />
      </div>
      {playing && src && (
        <AudioPlayer playerId={`library-${item.id}`} label={`Audio of ${item.title}`} title={item.title} src={src} knownDuration={item.metadata.duration} />
      )}
      <CertificateDialog contentId={item.id} title={item.title} visible={certificateOpen} onHide={() => setCertificateOpen(false)} />
    </li>
  );
}
