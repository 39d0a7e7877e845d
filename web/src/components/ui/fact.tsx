// One fact of a <dl>: its name over its value; `wide` gives it the whole row (app/styles.css).
import type { ReactNode } from 'react';

export function Fact({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'fact fact--wide' : 'fact'}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
