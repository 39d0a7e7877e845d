// Export my data, a section of the settings page: start an export, follow its steps (the
// websocket refetches as each is recorded) and download the archive once it is ready. Earlier
// exports stay listed with their outcome.
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import type { AccountExport } from '../../../../../domain/contracts/account-data';
import { errorMessage } from '../../../lib/api-client';
import { useAccountExports, useStartExport } from '../api/account-data';
import { EXPORT_HOLDS, exportContents, exportPercent, exportProgressLabel } from '../labels';
import '../account-data.css';
import { PanelTitle } from '../../../components/ui/panel-title';

export interface ExportDataViewProps {
  status: 'pending' | 'error' | 'success';
  exports: readonly AccountExport[];
  loadError?: unknown;
  starting: boolean;
  startError?: unknown;
  onStart(): void;
}

export function ExportDataView({ status, exports, loadError, starting, startError, onStart }: ExportDataViewProps) {
  const running = exports.some((item) => item.status === 'running');
  return (
    <section className="account-data-section" aria-labelledby="export-data-title">
      <PanelTitle id="export-data-title" icon="pi-download">
        Export my data
      </PanelTitle>
      <p className="account-data-section__text">{EXPORT_HOLDS}</p>
      <Button label={running ? 'Export in progress…' : 'Export my data'} icon="pi pi-box" onClick={onStart} disabled={running || starting || status !== 'success'} loading={starting} />
      {startError ? <Message severity="error" text={errorMessage(startError, 'The export could not be started')} /> : null}
      {status === 'pending' && <p className="account-data-section__text">Loading your exports…</p>}
      {status === 'error' && <Message severity="error" text={`Your exports could not be loaded: ${errorMessage(loadError, 'please try again')}`} />}
      {exports.length > 0 && (
        <ul className="account-exports" aria-label="Your data exports">
          {exports.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ExportRow({ item }: { item: AccountExport }) {
  const requested = new Date(item.requestedAt).toLocaleString();
  return (
    <li className={`account-export account-export--${item.status}`}>
      <div className="account-export__head">
        <span className="account-export__date">Requested {requested}</span>
        <span className="account-export__status">{exportProgressLabel(item)}</span>
      </div>
      {item.status === 'running' && (
        <>
          <ProgressBar value={exportPercent(item)} showValue={false} aria-label={`Export progress: ${item.stepsDone} of ${item.stepsTotal} steps done`} />
          {item.detail && <span className="account-export__detail">{item.detail}</span>}
        </>
      )}
      {item.status === 'ready' && item.downloadUrl && (
        <div className="account-export__ready">
          <span className="account-export__detail">{exportContents(item)}</span>
          <a className="p-button p-button-sm p-button-outlined" href={item.downloadUrl} download aria-label={`Download the export requested ${requested}`}>
            <i className="pi pi-download" aria-hidden="true" /> <span>Download</span>
          </a>
        </div>
      )}
    </li>
  );
}

/** The section wired to the API. */
export function ExportDataSection() {
  const exports = useAccountExports();
  const start = useStartExport();
  return (
    <ExportDataView
      status={exports.status}
      exports={exports.data ?? []}
      loadError={exports.error}
      starting={start.isPending}
      startError={start.error}
      onStart={() => start.mutate()}
    />
  );
}
