// Sales statement upload: a distributor's monthly report as CSV goes to the
// server, which lands each line once (a re-import changes nothing) and matches it to its release by
// ISRC or release id. A statement the creator uploads is self-reported: it feeds the royalty
// breakdown as an estimate and never the contracts' pending earnings (royalty money comes only from
// the delivery partner's statements and the funds it paid). The card says so, says what the last
// upload did, lists the statements uploaded so far, and every line that matched no release.
import { Card } from 'primereact/card';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useImportStatement, useStatements, type ImportStatementResponse, type StatementList } from '../../../lib/distribution/api/distribution';
import { formatCents } from '../../../lib/format';

export const STATEMENT_COLUMNS = 'period,store,country,identifier,units,amount';

export function StatementImport() {
  const toast = useToast();
  const statements = useStatements({ enabled: true });
  const importing = useImportStatement();

  const upload = (event: FileUploadHandlerEvent) => {
    const file = event.files[0];
    event.options.clear();
    if (!file) return;
    importing.mutate(file, {
      onSuccess: (answer) => toast.show({ severity: 'success', summary: 'Self-reported statement imported', detail: answer.message }),
      onError: (error) => toast.show({ severity: 'error', summary: 'Statement Import Failed', detail: errorMessage(error, 'The statement could not be imported') }),
    });
  };

  return (
    <Card className="statement-import" aria-labelledby="statement-import-title">
      <h3 id="statement-import-title" className="card-title">
        <i className="pi pi-file-import" aria-hidden="true" /> Sales statements
      </h3>
      <p className="muted statement-import__columns">
        Import a distributor's sales report as a CSV file with a header row and the columns <code>{STATEMENT_COLUMNS}</code>: the period
        (month), the store, the country, the track's ISRC or the release id (either identifies the release), the units (streams or
        downloads) and the amount earned <strong>in whole US cents</strong> (<code>4800</code> for $48.00; <code>48.00</code> is refused). Each
        line is counted once, so importing the same statement again changes nothing.
      </p>
      <Message
        severity="info"
        className="statement-import__self-reported"
        text="A statement you upload is self-reported: it shows as an estimate in your royalty breakdown and never becomes pending earnings, a payout or tokens. Royalty money comes only from your delivery partner's sales reports and the funds it actually paid."
      />
      <FileUpload
        mode="basic"
        name="file"
        accept=".csv,text/csv"
        customUpload
        auto
        chooseLabel={importing.isPending ? 'Importing…' : 'Import statement (CSV)'}
        chooseOptions={{ icon: 'pi pi-upload' }}
        disabled={importing.isPending}
        uploadHandler={upload}
        pt={{ input: { 'aria-label': 'Sales statement CSV file' } }}
      />
      {importing.data && <ImportResult answer={importing.data} />}

      {statements.isPending && <Skeleton height="4rem" aria-label="Loading your statements" />}
      {statements.isError && <Message severity="error" text={`Your statements could not be loaded: ${errorMessage(statements.error, 'unknown error')}`} />}
      {statements.data && <StatementHistory list={statements.data} />}
    </Card>
  );
}

function ImportResult({ answer }: { answer: ImportStatementResponse }) {
  const { statement } = answer;
  return (
    <Message
      severity={statement.unmatched > 0 ? 'warn' : 'success'}
      className="statement-import__result"
      text={`${statement.fileName}${statement.selfReported ? ' (self-reported)' : ''}: ${statement.lines} lines, ${statement.matched} matched, ${statement.duplicates} already imported, ${statement.unmatched} unmatched (${formatCents(statement.amount)}, an estimate).`}
    />
  );
}

function StatementHistory({ list }: { list: StatementList }) {
  return (
    <>
      <section className="release-card__section" aria-label="Imported statements">
        <h4>Imported statements</h4>
        {list.statements.length === 0 ? (
          <p className="muted small">No statement imported yet.</p>
        ) : (
          <table className="data-table-plain">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Source</th>
                <th scope="col">Imported</th>
                <th scope="col" className="numeric">
                  Lines
                </th>
                <th scope="col" className="numeric">
                  Matched
                </th>
                <th scope="col" className="numeric">
                  Duplicates
                </th>
                <th scope="col" className="numeric">
                  Unmatched
                </th>
                <th scope="col" className="numeric">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {list.statements.map((statement) => (
                <tr key={statement.statementId}>
                  <td>{statement.fileName}</td>
                  <td>{statement.selfReported ? <Tag value="Self-reported" severity="secondary" /> : <Tag value={`Partner: ${statement.partnerId ?? ''}`} severity="success" />}</td>
                  <td>{formatDateTime(statement.importedAt)}</td>
                  <td className="numeric">{statement.lines}</td>
                  <td className="numeric">{statement.matched}</td>
                  <td className="numeric">{statement.duplicates}</td>
                  <td className="numeric">{statement.unmatched}</td>
                  <td className="numeric">{formatCents(statement.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {list.unmatchedLines.length > 0 && (
        <section className="release-card__section" aria-label="Unmatched statement lines">
          <h4>Unmatched lines</h4>
          <p className="muted small">These self-reported lines name no release of yours. They are kept, and count toward nothing until they match.</p>
          <table className="data-table-plain">
            <thead>
              <tr>
                <th scope="col" className="numeric">
                  Line
                </th>
                <th scope="col">Period</th>
                <th scope="col">Store</th>
                <th scope="col">Country</th>
                <th scope="col">ISRC / release id</th>
                <th scope="col" className="numeric">
                  Units
                </th>
                <th scope="col" className="numeric">
                  Amount
                </th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {list.unmatchedLines.map((line, index) => (
                <tr key={`${index}-${line.lineNumber}-${line.identifier}`}>
                  <td className="numeric">{line.lineNumber}</td>
                  <td>{line.period}</td>
                  <td>{line.store}</td>
                  <td>{line.country}</td>
                  <td>
                    <code>{line.identifier}</code>
                  </td>
                  <td className="numeric">{line.units.toLocaleString('en-US')}</td>
                  <td className="numeric">{formatCents(line.amount)}</td>
                  <td>{line.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
