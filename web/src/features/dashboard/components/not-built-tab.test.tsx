// The Create tab says what the server says about the creation engine, and promises no plans.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import { CAPABILITIES_KEY } from '../../../lib/query-keys';
import { NotBuiltTabPanel } from './not-built-tab';

function render(): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(CAPABILITIES_KEY, CAPABILITIES_ZERO_CONFIG_FIXTURE);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <NotBuiltTabPanel tab="create" />
    </QueryClientProvider>,
  );
}

describe('not-built tabs', () => {
  it('words the Create tab from the creation-engine capability, with no planned features promised', () => {
    const html = render();
    const { name, reason } = CAPABILITIES_ZERO_CONFIG_FIXTURE['creation-engine'];
    expect(html).toContain(`${name}: ${reason} You can upload music you made elsewhere from the Upload tab.`);
    expect(html).not.toContain('Planned for this area');
    expect(html).not.toContain('Generate tracks from a prompt');
  });
});
