// A dashboard panel's heading: the area's icon, then its name (app/styles.css .panel-title).
import type { ReactNode } from 'react';

export function PanelTitle({ id, icon, children }: { id: string; icon: string; children: ReactNode }) {
  return (
    <h2 id={id} className="panel-title">
      <i className={`pi ${icon}`} aria-hidden="true" /> {children}
    </h2>
  );
}
