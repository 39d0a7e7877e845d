// The facets panel: content types, verification levels and the top 5 genres of the
// filtered set as the server counted them. Clicking one filters by it; clicking the active one
// clears that filter.
import { Button } from 'primereact/button';
import type { WorkSearchResponse } from '../../../../../domain/contracts/registry';
import { CONTENT_TYPE_LABELS, VERIFICATION_LEVEL_LABELS, facetEntries, facetLabel } from '../registry-search';

export type FacetName = 'contentType' | 'verificationLevel' | 'genre';

interface FacetsPanelProps {
  facets: WorkSearchResponse['facets'];
  active: Record<FacetName, string | null>;
  onPick(facet: FacetName, value: string | null): void;
}

const GROUPS: { facet: FacetName; key: keyof WorkSearchResponse['facets']; title: string; labels: Record<string, string> | null; limit?: number }[] = [
  { facet: 'contentType', key: 'contentTypes', title: 'Content types', labels: CONTENT_TYPE_LABELS },
  { facet: 'verificationLevel', key: 'verificationLevels', title: 'Verification levels', labels: VERIFICATION_LEVEL_LABELS },
  { facet: 'genre', key: 'genres', title: 'Top genres', labels: null, limit: 5 },
];

export function FacetsPanel({ facets, active, onPick }: FacetsPanelProps) {
  return (
    <aside className="registry-facets" aria-label="Facets">
      {GROUPS.map(({ facet, key, title, labels, limit }) => {
        const entries = facetEntries(facets[key]).slice(0, limit);
        return (
          <section key={facet} className="registry-facets__group" aria-label={title}>
            <h4>{title}</h4>
            {entries.length === 0 ? (
              <p className="muted small">None</p>
            ) : (
              <ul>
                {entries.map(([value, count]) => {
                  const isActive = active[facet] === value;
                  return (
                    <li key={value}>
                      <Button
                        label={`${facetLabel(labels, value)} (${count})`}
                        text={!isActive}
                        size="small"
                        aria-pressed={isActive}
                        onClick={() => onPick(facet, isActive ? null : value)}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </aside>
  );
}
