// One release in the Distributions tab: its status (live over the websocket), the distributor's
// notice said plainly (the sandbox delivers to no store), its identifiers, renewal date and
// earnings, each store's delivery state with the reason of a failure, the release package
// download, the royalty breakdown by store, and Takedown.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { CREDIT_ROLE_LABELS, type Distribution } from '../../../../../domain/contracts/distribution';
import { Fact } from '../../../components/ui/fact';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { downloadReleasePackage, useTakedown } from '../../../lib/distribution/api/distribution';
import { formatCents } from '../../../lib/format';
import { formatDay, isSandboxRelease, releaseStatusLabel, releaseStatusSeverity, storeStateLabel } from '../../../lib/distribution/labels';
import { RoyaltyBreakdownTable } from './royalty-breakdown';

const SANDBOX_RELEASE_NOTICE = 'Sandbox: this release was not sent to any store and no store received it. Nothing was charged. The store states shown are simulated.';

export function ReleaseCard({ release }: { release: Distribution }) {
  const toast = useToast();
  const takedown = useTakedown();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [royaltiesOpen, setRoyaltiesOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const takenDown = release.status === 'taken_down' || release.takenDownAt !== null;
  const status = releaseStatusLabel(release);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadReleasePackage(release);
      toast.show({ severity: 'success', summary: 'Download Complete', detail: `The release package of "${release.songName}" was saved.` });
    } catch (error) {
      toast.show({ severity: 'error', summary: 'Download Error', detail: errorMessage(error, 'Failed to download the release package') });
    } finally {
      setDownloading(false);
    }
  };

  const confirmTakedown = () =>
    takedown.mutate(release.id, {
      onSuccess: (answer) =>
        toast.show({ severity: 'success', summary: 'Takedown requested', detail: answer.message ?? `"${release.songName}" is being taken down from its stores.` }),
      onError: (error) => toast.show({ severity: 'error', summary: 'Takedown Failed', detail: errorMessage(error, 'The takedown could not be requested') }),
    });

  return (
    <article className="release-card stack-card" aria-label={`Release ${release.songName}`} data-status={release.status}>
      <Card>
        <header className="release-card__header">
          <div>
            <h3>{release.songName}</h3>
            <span className="muted">
              {release.artistName} · {release.albumName} · submitted {formatDate(release.createdAt)}
            </span>
          </div>
          <Tag value={status} severity={releaseStatusSeverity(release)} aria-label={`Status: ${status}`} />
        </header>

        {/* A sandbox release gets the screen's own words: notices stored by older servers named the server's folder. */}
        {isSandboxRelease(release) ? (
          <Message severity="warn" className="release-card__notice" text={SANDBOX_RELEASE_NOTICE} />
        ) : (
          release.notice && <Message severity="warn" className="release-card__notice" text={release.notice} />
        )}
        {release.waitingForPartnerSince && release.status === 'pending' && (
          <Message
            severity="info"
            className="release-card__notice"
            text={`Waiting for the delivery partner since ${formatDateTime(release.waitingForPartnerSince)}: it could not be reached, and the release is sent as soon as it is back. The fee is only taken once it is delivered.`}
          />
        )}

        <dl className="facts">
          <Fact term="Distributor">{isSandboxRelease(release) ? 'Sandbox (no store)' : release.distributor}</Fact>
          <Fact term="Release date">{formatDay(release.releaseDate)}</Fact>
          <Fact term="Genre">{release.secondaryGenre ? `${release.primaryGenre}, ${release.secondaryGenre}` : release.primaryGenre}</Fact>
          <Fact term="UPC">{release.upc ?? '—'}</Fact>
          <Fact term="ISRC">{release.isrc ?? '—'}</Fact>
          <Fact term="Royalty split">{release.royaltySplit}%</Fact>
          <Fact term="Cover art">{release.coverArt ? `Uploaded, ${release.coverArt.width}×${release.coverArt.height} ${release.coverArt.mimeType === 'image/png' ? 'PNG' : 'JPEG'}` : 'Generated'}</Fact>
          <Fact term="Credits">
            {release.credits.length > 0 ? (
              <ul className="release-card__credits">
                {release.credits.map((credit, index) => (
                  <li key={index}>
                    {credit.name} <span className="muted">({CREDIT_ROLE_LABELS[credit.role]})</span>
                  </li>
                ))}
              </ul>
            ) : (
              'None recorded'
            )}
          </Fact>
          <Fact term={takenDown ? 'Taken down' : 'Renews'}>
            {takenDown ? (release.takenDownAt ? formatDate(release.takenDownAt) : 'Yes') : release.renewsAt ? formatDate(release.renewsAt) : '—'}
          </Fact>
          <Fact term="Royalty earnings">{formatCents(release.royaltyEarnings)}</Fact>
          <Fact term="Store link">
            {release.distributionUrl ? (
              <a href={release.distributionUrl} target="_blank" rel="noopener noreferrer">
                Open
              </a>
            ) : (
              'None yet'
            )}
          </Fact>
        </dl>

        <section className="release-card__section" aria-label={`Stores of ${release.songName}`}>
          <h4>Stores</h4>
          {release.stores.length === 0 && <p className="muted small">No store delivery has been reported for this release yet.</p>}
          {release.stores.length > 0 && (
            <table className="data-table-plain">
              <thead>
                <tr>
                  <th scope="col">Store</th>
                  <th scope="col">Delivery</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {release.stores.map((store) => (
                  <tr key={store.storeId} data-state={store.state}>
                    <td>{store.storeName}</td>
                    <td>{storeStateLabel(release, store.state, store.reason)}</td>
                    <td>{formatDateTime(store.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <div className="button-row release-card__section">
          <Button label="Download release package (XML)" icon="pi pi-download" size="small" outlined loading={downloading} onClick={() => void download()} />
          <Button
            label={royaltiesOpen ? 'Hide royalties' : 'Royalties by store'}
            icon="pi pi-chart-bar"
            size="small"
            outlined
            aria-expanded={royaltiesOpen}
            onClick={() => setRoyaltiesOpen(!royaltiesOpen)}
          />
          <Button
            label="Takedown"
            icon="pi pi-ban"
            size="small"
            severity="danger"
            outlined
            loading={takedown.isPending}
            disabled={takenDown || takedown.isPending}
            onClick={() => setConfirmOpen(true)}
          />
        </div>

        {royaltiesOpen && (
          <section className="release-card__section" aria-label={`Royalties of ${release.songName}`}>
            <h4>Royalties by store</h4>
            <RoyaltyBreakdownTable distributionId={release.id} />
          </section>
        )}

        <ConfirmDialog
          visible={confirmOpen}
          onHide={() => setConfirmOpen(false)}
          header="Take this release down?"
          message={`"${release.songName}" will be removed from its stores and its yearly renewal stops. Earnings already reported stay in your history.`}
          icon="pi pi-exclamation-triangle"
          acceptLabel="Take down"
          rejectLabel="Keep it"
          acceptClassName="p-button-danger"
          accept={confirmTakedown}
        />
      </Card>
    </article>
  );
}
