// chart.js (through PrimeReact's Chart) is a large download only the analytics tab needs: no module
// the app loads up front may import it; the charts arrive in their own chunk (React.lazy) and
// PrimeReact's Chart fetches chart.js itself when it draws.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticPackageImports, WEB_SRC } from '../../lib/static-imports';

describe('chart.js loading', () => {
  const imports = staticPackageImports(path.join(WEB_SRC, 'main.tsx'));

  it('walks the app shell up to the analytics tab', () => {
    expect(imports.get('primereact/selectbutton')).toContain('features/analytics/components/analytics-overview.tsx');
  });

  it('keeps chart.js and PrimeReact Chart out of every module the app loads up front', () => {
    expect(imports.get('chart.js')).toBeUndefined();
    expect(imports.get('chart.js/auto')).toBeUndefined();
    expect(imports.get('primereact/chart')).toBeUndefined();
  });
});
