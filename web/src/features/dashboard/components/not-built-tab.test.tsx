// The tabs of areas not built say what the server says about them (creation engine, support
// centre); the Create tab promises no plans. Analytics and the FAQ are built: not among them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { describeCapabilities, type CapabilityReport } from '../../../../../domain/platform/capabilities';
import { CAPABILITIES_ZERO_CONFIG_FIXTURE, ZERO_CONFIG_FACTS } from '../../../lib/capabilities.fixture';
import { CAPABILITIES_KEY } from '../../../lib/query-keys';
import { isNotBuiltTab, NotBuiltTabPanel } from './not-built-tab';

/** The creation engine is built; it is off only where the workflow service does not run. */
const WITHOUT_WORKFLOWS = describeCapabilities({ ...ZERO_CONFIG_FACTS, workflowService: false });

function render(tab: 'create' | 'support' = 'create', report: CapabilityReport = CAPABILITIES_ZERO_CONFIG_FIXTURE): string {
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

  it('words the support tab from its capability, which sends to the FAQ rather than saying it is missing', () => {
    const { 'support-centre': support } = CAPABILITIES_ZERO_CONFIG_FIXTURE;
    const html = render('support');
    expect(html).toContain(`${support.name}: ${support.reason}</p>`);
    expect(html).toContain('The FAQ tab answers common questions');
  });

  it('leaves the analytics and FAQ tabs to their own screens', () => {
    expect(isNotBuiltTab('analytics')).toBe(false);
    expect(isNotBuiltTab('faq')).toBe(false);
    expect(isNotBuiltTab('support')).toBe(true);
  });
});
