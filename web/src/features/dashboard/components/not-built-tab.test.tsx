// The tabs of areas not built say what the server says about them (the creation engine); the
// Create tab promises no plans. Analytics, the FAQ and Support are built: not among them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { describeCapabilities, type CapabilityReport } from '../../../../../domain/platform/capabilities';
import { CAPABILITIES_ZERO_CONFIG_FIXTURE, ZERO_CONFIG_FACTS } from '../../../lib/capabilities.fixture';
import { CAPABILITIES_KEY } from '../../../lib/query-keys';
import { isNotBuiltTab, NotBuiltTabPanel } from './not-built-tab';

/** The creation engine is built; it is off only where the workflow service does not run. */
const WITHOUT_WORKFLOWS = describeCapabilities({ ...ZERO_CONFIG_FACTS, workflowService: false });

function render(tab: 'create' = 'create', report: CapabilityReport = CAPABILITIES_ZERO_CONFIG_FIXTURE): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(CAPABILITIES_KEY, report);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <NotBuiltTabPanel tab={tab} />
    </QueryClientProvider>,
  );
}

describe('not-built tabs', () => {
  it('words the Create tab from the creation-engine capability, with no planned features promised', () => {
    const html = render('create', WITHOUT_WORKFLOWS);
    const { name, reason } = WITHOUT_WORKFLOWS['creation-engine'];
    expect(html).toContain(`${name}: ${reason} You can upload music you made elsewhere from the Upload tab.`);
    expect(html).not.toContain('Planned for this area');
    expect(html).not.toContain('Generate tracks from a prompt');
  });

  it('leaves the analytics, FAQ and Support tabs to their own screens', () => {
    expect(isNotBuiltTab('analytics')).toBe(false);
    expect(isNotBuiltTab('faq')).toBe(false);
    expect(isNotBuiltTab('support')).toBe(false);
    expect(isNotBuiltTab('create')).toBe(true);
  });
});
