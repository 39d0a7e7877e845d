// An honest panel for an area that is not built yet: says what the area is for and that it is
// not available, with no sample data and no buttons that do nothing.
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';

export interface NotAvailablePanelProps {
  title: string;
  icon: string;
  summary: string;
  /** What the area will offer once built. */
  plans?: readonly string[];
  children?: ReactNode;
}

export function NotAvailablePanel({ title, icon, summary, plans = [], children }: NotAvailablePanelProps) {
  return (
    <section className="not-available" aria-labelledby="not-available-title">
      <Card className="not-available__card">
        <div className="not-available__icon" aria-hidden="true">
          <i className={`pi ${icon}`} />
        </div>
        <div className="not-available__heading">
          <h2 id="not-available-title">{title}</h2>
          <Tag value="Not available yet" severity="secondary" icon="pi pi-clock" />
        </div>
        <p className="not-available__summary">{summary}</p>
        {plans.length > 0 && (
          <div className="not-available__plans">
            <h3>Planned for this area</h3>
            <ul>
              {plans.map((plan) => (
                <li key={plan}>
                  <i className="pi pi-angle-right" aria-hidden="true" /> {plan}
                </li>
              ))}
            </ul>
          </div>
        )}
        {children}
      </Card>
    </section>
  );
}
