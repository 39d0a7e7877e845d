// The token history: the newest 50 movements of the user's tokens: what, when, why,
// how much (signed and coloured), where a charge stands, and the balance after. It follows live:
// the websocket invalidates its key whenever the tokens read model changes.
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import type { TokenTransaction } from '../../../../../domain/contracts/tokens';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { HISTORY_LIMIT, useTokenTransactions } from '../../../lib/tokens/api/tokens';
import { causeLabel, formatBalance, signedTokens, statusDisplay } from '../../../lib/tokens/labels';
import '../tokens.css';

export function TokenHistoryDialog({ visible, onHide }: { visible: boolean; onHide(): void }) {
  const history = useTokenTransactions({ enabled: visible });
  const transactions = history.data?.transactions ?? [];
  return (
    <Dialog header="Token history" visible={visible} onHide={onHide} className="token-history-dialog" draggable={false} dismissableMask>
      <p className="muted small token-history__intro">
        Your latest {HISTORY_LIMIT} token movements, newest first. A priced step holds its price while it runs, then is charged when it
        succeeds or returned when it does not. 1 token = 1 USD.
      </p>
      {history.isError ? (
        <Message severity="error" text={`The history could not be loaded: ${errorMessage(history.error, 'unknown error')}`} />
      ) : (
        <DataTable
          value={transactions}
          dataKey="id"
          loading={history.isPending}
          size="small"
          scrollable
          scrollHeight="60vh"
          emptyMessage="No token movements yet."
          aria-label="Token movements"
          className="token-history__table"
        >
          <Column header="What" body={(row: TokenTransaction) => <span className="token-history__what">{row.description}</span>} />
          <Column header="When" body={(row: TokenTransaction) => <time dateTime={row.occurredAt}>{formatDateTime(row.occurredAt)}</time>} />
          <Column header="Why" body={(row: TokenTransaction) => causeLabel(row.cause)} />
          <Column
            header="Amount"
            align="right"
            body={(row: TokenTransaction) => (
              <span className={`token-amount token-amount--${row.amount > 0 ? 'in' : row.amount < 0 ? 'out' : 'none'}`}>{signedTokens(row.amount)}</span>
            )}
          />
          <Column
            header="Status"
            body={(row: TokenTransaction) => {
              const status = statusDisplay(row);
              return <Tag value={status.label} severity={status.severity} />;
            }}
          />
          <Column header="Balance after" align="right" body={(row: TokenTransaction) => formatBalance(row.balanceAfter)} />
        </DataTable>
      )}
    </Dialog>
  );
}
