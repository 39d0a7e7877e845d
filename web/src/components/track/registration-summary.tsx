// A track's XRPL registration: the transaction hash (first 12 characters, full value on hover),
// where it stands on the ledger in plain words, the server's note, and an explorer link once the
// transaction is on a ledger.
import { Tag } from 'primereact/tag';
import { SIGNED_AND_WAITING } from '../../../../domain/contracts/lifecycle';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { isOnLedger, LEDGER_STATUS_SEVERITY, LEDGER_STATUS_TEXT, shortTxHash } from '../../lib/track/ledger-status';
import './track-workflow.css';

export function RegistrationSummary({ item }: { item: VaultItem }) {
  const { registration, xrplTxHash } = item;
  if (!xrplTxHash) return null;
  // A note stored by an older server for a kept registration named its setting and hash; the plain words hold for every one.
  const note = registration?.ledgerStatus === 'awaiting_submission' ? SIGNED_AND_WAITING : registration?.note;
  // An explorer without a page for the network is null; take the first that has one.
  const explorer = registration?.explorer;
  const explorerUrl =
    registration && explorer && isOnLedger(registration.ledgerStatus) ? (explorer.xrpscan ?? explorer.xrplOrg ?? explorer.bithomp ?? explorer.xrplorer ?? null) : null;
  return (
    <div className="registration-summary">
      <dl className="facts registration-summary__facts">
        <div>
          <dt>XRPL transaction</dt>
          <dd>
            <code title={xrplTxHash} aria-label={`Transaction hash ${xrplTxHash}`}>
              {shortTxHash(xrplTxHash)}
            </code>
            {explorerUrl && (
              <a className="registration-summary__link" href={explorerUrl} target="_blank" rel="noreferrer">
                View on explorer <i className="pi pi-external-link" aria-hidden="true" />
              </a>
            )}
          </dd>
        </div>
        <div>
          <dt>Ledger status</dt>
          <dd>
            {registration ? (
              <Tag value={LEDGER_STATUS_TEXT[registration.ledgerStatus]} severity={LEDGER_STATUS_SEVERITY[registration.ledgerStatus]} />
            ) : (
              '—'
            )}
          </dd>
        </div>
        {registration && (
          <div>
            <dt>Network</dt>
            <dd>{registration.network}</dd>
          </div>
        )}
        {item.certificateId && (
          <div>
            <dt>Certificate</dt>
            <dd>
              <code>{item.certificateId}</code>
            </dd>
          </div>
        )}
      </dl>
      {note && <p className="registration-summary__note muted small">{note}</p>}
    </div>
  );
}
