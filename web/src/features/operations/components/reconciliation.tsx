// The operations page's royalty money section: per delivery partner and period, what its
// statements claimed, what it actually paid (funds recorded), what the funds released to the
// royalty contracts, and what stays unreconciled until the partner pays it. Live: the websocket's
// `operations` read model invalidates it when funds, claims or releases are recorded.
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import type { z } from 'zod';
import type { reconciliationListSchema } from '../../../../../domain/contracts/partner-statements';
import { formatCents } from '../../../lib/format';

export type ReconciliationList = z.infer<typeof reconciliationListSchema>;

export function PartnerReconciliation({ data }: { data: ReconciliationList }) {
  return (
    <>
      <Message severity="info" text={data.note} />
      {data.periods.length === 0 ? (
        <p>No partner statement or funds recorded yet. Import one with npm run ops -- import-statement, record funds with npm run ops -- record-funds.</p>
      ) : (
        <div className="operations__table-scroll">
          <table className="data-table-plain" aria-label="Claimed, funded, released and unreconciled by partner and period">
            <thead>
              <tr>
                <th scope="col">Partner</th>
                <th scope="col">Period</th>
                <th scope="col" className="numeric">
                  Claimed
                </th>
                <th scope="col" className="numeric">
                  Funded
                </th>
                <th scope="col" className="numeric">
                  Released
                </th>
                <th scope="col" className="numeric">
                  Unreconciled
                </th>
              </tr>
            </thead>
            <tbody>
              {data.periods.map((p) => (
                <tr key={`${p.partnerId}/${p.period}`}>
                  <td>{p.partnerId}</td>
                  <td>{p.period}</td>
                  <td className="numeric">{formatCents(p.claimed)}</td>
                  <td className="numeric">{formatCents(p.funded)}</td>
                  <td className="numeric">{formatCents(p.released)}</td>
                  <td className="numeric">{p.unreconciled > 0 ? <Tag severity="warning" value={formatCents(p.unreconciled)} /> : formatCents(0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
