// The vault tab reads GET /api/vault through its contract: an answer in the contract's form is
// listed, and one that drifted from it (a renamed or retyped field) is an error the tab says in
// words, never a list of half-filled cards. A song the studio generated carries a Generated tag.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { vaultItem, workflowSteps } from '../../../lib/track/vault-item.fixture';
import { vaultQueryOptions } from '../../../lib/track/api/get-vault';
import { cardStatus } from './vault-card';
import { VaultPanel } from './vault-panel';

afterEach(() => vi.unstubAllGlobals());

/** The vault tab after the server answered `body` to GET /api/vault. */
async function renderAfterAnswer(body: unknown): Promise<string> {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })));
  // As after the app's one retry: the read has settled, and the tab is shown with what it got.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  await queryClient.prefetchQuery(vaultQueryOptions());
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <ToastProvider>
          <VaultPanel signedIn />
        </ToastProvider>
      </JotaiProvider>
    </QueryClientProvider>,
  );
}

describe('vault tab and its contract', () => {
  it('lists an answer in the contract’s form', async () => {
    const html = await renderAfterAnswer([vaultItem()]);
    expect(html).toContain('First Light');
    expect(html).toContain('1 item ·');
    expect(html).not.toContain('could not be loaded');
    expect(html).not.toContain('Generated');
  });

  it('tags a song the studio generated, and only that one', async () => {
    const html = await renderAfterAnswer([vaultItem({ id: '00000000-0000-4000-8000-000000000002', title: 'City lights', generationId: 'gen-1' }), vaultItem()]);
    expect(html.match(/Generated in the studio/g)).toHaveLength(1);
    expect(html.indexOf('Generated in the studio')).toBeGreaterThan(html.indexOf('City lights'));
    expect(html.indexOf('Generated in the studio')).toBeLessThan(html.indexOf('First Light'));
  });

  it('says the vault could not be read when the answer drifted from the contract, and shows none of it', async () => {
    const { workflow: _dropped, ...withoutWorkflow } = vaultItem();
    const html = await renderAfterAnswer([{ ...withoutWorkflow, title: 42 }]);
    expect(html).toContain("Your vault could not be loaded: The server&#x27;s answer to GET /api/vault is not in the form this page reads");
    expect(html).not.toContain('vault-grid');
    expect(html).toContain('0 items ·');
  });
});

describe('vault card status', () => {
  it('says what a waiting track is ready for, and Processing only while something runs', () => {
    const waiting = vaultItem();
    expect(cardStatus(waiting, false).label).toBe('Ready for mastering');
    expect(cardStatus({ ...waiting, workflow: { ...waiting.workflow, steps: workflowSteps({ master: 'running' }) } }, false).label).toBe('Processing');
    expect(cardStatus({ ...waiting, workflow: { ...waiting.workflow, stage: 'intake', stageLabel: 'Intake' } }, false).label).toBe('Processing');
    expect(cardStatus({ ...waiting, status: 'registered' }, false).label).toBe('Registered');
    expect(cardStatus(waiting, true).label).toBe('Held for review');
  });
});
