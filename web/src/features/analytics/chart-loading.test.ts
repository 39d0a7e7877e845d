// chart.js (through PrimeReact's Chart) is a large download only the analytics tab needs: no module
// the app loads up front may import it. The tab itself arrives in its own chunk when opened (the
// dashboard's React.lazy), its charts in another, and PrimeReact's Chart fetches chart.js itself
// when it draws.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticPackageImports, WEB_SRC } from '../../lib/static-imports';

describe('chart.js loading', () => {
  const imports = staticPackageImports(path.join(WEB_SRC, 'main.tsx'));

  it('walks the whole app shell, leaving the analytics tab to its own chunk', () => {
    expect(imports.get('react-router-dom')?.length).toBeGreaterThan(10);
    expect(imports.get('primereact/selectbutton')?.length).toBeGreaterThan(0);
    expect([...imports.values()].flat().filter((file) => file.startsWith('features/analytics/'))).toEqual([]);
  });

  it('keeps chart.js and PrimeReact Chart out of every module the app loads up front', () => {
    expect(imports.get('chart.js')).toBeUndefined();
    expect(imports.get('chart.js/auto')).toBeUndefined();
    expect(imports.get('primereact/chart')).toBeUndefined();
  });
});
