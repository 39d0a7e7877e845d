// What the audio engine measured on a finished master: integrated loudness, dynamic range, true
// peak, and the processing it applied.
import type { VaultItem } from '../../../../domain/contracts/vault';
import './track-workflow.css';

type Results = NonNullable<VaultItem['metadata']['mastering']>['results'];

const signed = (value: number, digits = 1) => `${value < 0 ? '−' : ''}${Math.abs(value).toFixed(digits)}`;

/** The measured results of the track's master, or of its latest finished run. */
export function masteringResultsOf(item: VaultItem): Results | null {
  return item.metadata.mastering?.results ?? item.mastering?.results ?? null;
}

export function MasteringResults({ results, title = 'Measured results' }: { results: Results; title?: string }) {
  return (
    <div className="mastering-results">
      <h4 className="mastering-results__title">{title}</h4>
      <dl className="facts">
        <div>
          <dt>Loudness</dt>
          <dd>{signed(results.lufs)} LUFS</dd>
        </div>
        <div>
          <dt>Dynamic range</dt>
          <dd>{results.dynamicRange.toFixed(1)} LU</dd>
        </div>
        <div>
          <dt>True peak</dt>
          <dd>{signed(results.peak)} dBTP</dd>
        </div>
      </dl>
      {results.processing.length > 0 && (
        <ul className="chip-list mastering-results__processing" aria-label="Processing applied">
          {results.processing.map((step) => (
            <li key={step}>
              <i className="pi pi-check" aria-hidden="true" /> {step}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
