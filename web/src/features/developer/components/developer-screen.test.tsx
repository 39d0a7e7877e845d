// What the Developer tab shows, read from its rendered HTML: the header's Documentation and Create
// API Key, the five tabs, the new key in full with Copy (then Copied), the key rows (tier, status
// with a suspension's reason, usage bar colour, today's calls, created, last used, the shown-once
// note), the usage figures and only 10 recent calls, the Security tab's thresholds and allowlist
// form, the server's pricing, the create form's tiers, the terms' Accept and the documentation.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { apiKey, pricingTiers, usage, usageRecord } from '../developer.fixture';
import { ApiKeysTab, NewKeyReveal } from './api-keys-tab';
import { CreateKeyForm } from './create-key-dialog';
import { DeveloperScreen, DEVELOPER_TABS } from './developer-panel';
import { DocumentationBody } from './documentation-dialog';
import { PricingTiers } from './pricing-tab';
import { SecurityTab } from './security-tab';
import { TermsBody, TermsButtons } from './terms-dialog';
import { UsageFigures } from './usage-tab';

function render(node: ReactNode): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>{node}</ToastProvider>
    </QueryClientProvider>,
  );
}

const noop = () => undefined;
const loaded = <T,>(data: T) => ({ status: 'success' as const, data, error: null });
const now = new Date('2026-11-26T12:00:00.000Z');

describe('developer screen', () => {
  it('offers Documentation and Create API Key once each, and the five tabs', () => {
    const html = render(<DeveloperScreen keys={loaded([apiKey()])} usage={loaded(usage())} pricing={loaded(pricingTiers)} />);
    expect(html.match(/>Create API Key</g)).toHaveLength(1);
    expect(html).toContain('>Documentation<');
    for (const tab of DEVELOPER_TABS) expect(html).toContain(`>${tab}<`);
    expect(html).toMatch(/<dt>Active keys<\/dt><dd>1<\/dd>/);
    expect(html).toMatch(/<dt>Calls this month<\/dt><dd>120<\/dd>/);
  });

  it('shows a new key in full with Copy above the tabs while it is revealed', () => {
    const fullKey = `gk_0123456789abcdef_${'s'.repeat(43)}`;
    const reveal = { revealed: { id: '0123456789abcdef', keyName: 'Catalogue sync', keyValue: fullKey }, shownOnceId: null, copied: false };
    const html = render(<DeveloperScreen keys={loaded([apiKey()])} usage={loaded(usage())} pricing={loaded(pricingTiers)} reveal={reveal} initialTab={1} />);
    expect(html).toContain(`<code class="api-key__secret">${fullKey}</code>`);
    expect(html).toContain('>Copy<');
    expect(html).toContain('shown once, for 30 seconds');
    expect(render(<NewKeyReveal keyName="k" keyValue={fullKey} copied onCopy={noop} />)).toContain('>Copied<');
  });

  it('waits for the keys, and says when they could not be loaded', () => {
    expect(render(<ApiKeysTab status="pending" keys={[]} shownOnceId={null} onCreate={noop} />)).toContain('Loading your API keys');
    const failed = render(<ApiKeysTab status="error" keys={[]} error={new Error('500: {"error":"Database unavailable"}')} shownOnceId={null} onCreate={noop} />);
    expect(failed).toContain('Your API keys could not be loaded: Database unavailable');
  });
});

describe('API keys tab', () => {
  const keysHtml = (keys: Parameters<typeof ApiKeysTab>[0]['keys'], shownOnceId: string | null = null) =>
    render(<ApiKeysTab status="success" keys={keys} shownOnceId={shownOnceId} onCreate={noop} now={now} />);

  it('shows name, tier, status, the monthly usage bar, today’s calls, created, last used and Delete', () => {
    const html = keysHtml([apiKey()]);
    expect(html).toContain('Catalogue sync');
    expect(html).toContain('>Free<');
    expect(html).toContain('>Active<');
    expect(html).toContain('<code>gk_0123456789abcdef…</code>');
    expect(html).toContain('120 / 500 this month');
    expect(html).toMatch(/<dt>Today<\/dt><dd>12 \/ 100 today<\/dd>/);
    expect(html).toMatch(/<dt>Created<\/dt><dd>Nov 20, 2026<\/dd>/);
    expect(html).toMatch(/<dt>Last used<\/dt><dd>3 minutes ago<\/dd>/);
    expect(html).toContain('aria-label="Delete Catalogue sync"');
    expect(html).not.toContain('shown once, when it was created');
  });

  it('colours each usage bar by its share of the quota', () => {
    const html = keysHtml([
      apiKey({ id: 'a', keyName: 'Low', currentUsage: 100 }),
      apiKey({ id: 'b', keyName: 'Mid', tier: 'pro', currentUsage: 6_000, monthlyQuota: 10_000, dailyLimit: 1_000 }),
      apiKey({ id: 'c', keyName: 'High', tier: 'enterprise', currentUsage: 45_000, monthlyQuota: 50_000, dailyLimit: null }),
    ]);
    const bars = [...html.matchAll(/class="usage-bar__track usage-bar--(\w+)"[^>]*aria-label="Monthly usage of (\w+)"/g)].map((match) => [match[2], match[1]]);
    expect(bars).toEqual([
      ['Low', 'green'],
      ['Mid', 'yellow'],
      ['High', 'red'],
    ]);
    expect(html).toContain('style="width:90%"');
    expect(html).toContain('(no daily limit)');
  });

  it('shows a suspended key with its reason, and the shown-once note on the key just revealed', () => {
    const reason = '7 of the last 20 calls failed (35%), above the 30% limit';
    const html = keysHtml([apiKey({ status: 'suspended', isActive: false, suspendedReason: reason })], '0123456789abcdef');
    expect(html).toContain('>Suspended<');
    expect(html).toContain(`Suspended: ${reason}`);
    expect(html).toContain('The full key was shown once, when it was created');
  });

  it('invites a first key when there is none', () => {
    expect(keysHtml([])).toContain('No API keys yet');
  });
});

describe('usage tab', () => {
  it('shows the month’s total calls, cost, average response time and error rate', () => {
    const html = render(<UsageFigures usage={usage()} />);
    expect(html).toMatch(/<dt>Total calls<\/dt><dd>40<\/dd>/);
    expect(html).toMatch(/<dt>Total cost<\/dt><dd>\$1.85<\/dd>/);
    expect(html).toMatch(/<dt>Average response time<\/dt><dd>512 ms<\/dd>/);
    expect(html).toMatch(/<dt>Error rate<\/dt><dd>7.5%<\/dd>/);
  });

  it('lists the 10 most recent calls with method, endpoint, status, time, key and when', () => {
    const calls = Array.from({ length: 12 }, (_, index) => usageRecord({ id: `call-${index}`, statusCode: index === 0 ? 429 : 200 }));
    const html = render(<UsageFigures usage={usage({ usage: calls })} />);
    expect(html.match(/<tr><td>POST<\/td>/g)).toHaveLength(10);
    expect(html).toContain('<code>/api/v1/oracle/analyze</code>');
    expect(html).toContain('<td class="api-usage__status--failed">429</td>');
    expect(html).toContain('<td>842 ms</td><td>Catalogue sync</td>');
  });

  it('says when there are no calls yet', () => {
    expect(render(<UsageFigures usage={usage({ usage: [], stats: { totalCalls: 0, totalCost: 0, avgResponseTime: 0, errorRate: 0 } })} />)).toContain('No calls yet');
  });
});

describe('security tab', () => {
  it('shows the thresholds read-only and an allowlist form per key with its saved addresses', () => {
    const html = render(<SecurityTab keys={[apiKey({ ipAllowlist: ['203.0.113.7', '198.51.100.0/24'] }), apiKey({ id: 'k2', keyName: 'Other' })]} />);
    expect(html).toContain('100 requests a minute');
    expect(html).toContain('30% failed-request ratio');
    expect(html).toContain('value="203.0.113.7, 198.51.100.0/24"');
    expect(html).toContain('aria-label="Save allowlist of Catalogue sync"');
    expect(html).toContain('aria-label="Save allowlist of Other"');
    expect(html).toMatch(/<button aria-label="Save allowlist of Other"[^>]*type="submit"/);
  });
});

describe('pricing tab', () => {
  it('shows the tiers the server answered', () => {
    const html = render(<PricingTiers tiers={pricingTiers} />);
    expect(html).toContain('$0.05 a call');
    expect(html).toContain('no monthly fee');
    expect(html).toMatch(/<dt>Monthly quota<\/dt><dd>10,000 calls<\/dd>/);
    expect(html).toMatch(/<dt>Daily limit<\/dt><dd>None<\/dd>/);
    expect(html).toContain('Charged in tokens per call');
  });
});

describe('create API key', () => {
  it('asks for a key name and offers the three tiers with their quotas', () => {
    const html = render(<CreateKeyForm draft={{ keyName: '', tier: 'free' }} onChange={noop} onContinue={noop} onCancel={noop} />);
    expect(html).toMatch(/<label for="[^"]+-name">Key name<\/label>/);
    expect(html).toContain('500 calls a month');
    expect(html).toContain('10,000 calls a month');
    expect(html).toContain('50,000 calls a month');
    expect(html).toContain('>Continue<');
  });

  it('shows the API terms with Accept and Decline', () => {
    const html = render(
      <>
        <TermsBody />
        <TermsButtons accepting={false} onAccept={noop} onDecline={noop} />
      </>,
    );
    expect(html).toContain('$0.05 a successful call');
    expect(html).toContain('up to 50 MB');
    expect(html).toContain('Uptime target: 99.9%');
    expect(html).toContain('Commercial use is allowed on every tier');
    expect(html).not.toContain('requires an appropriate subscription tier');
    expect(html).toContain('>Accept<');
    expect(html).toContain('>Decline<');
  });
});

describe('documentation', () => {
  it('explains the header, both routes with curl against this origin, the limits, and links the reference', () => {
    const html = render(<DocumentationBody origin="http://localhost:5000" />);
    expect(html).toContain('<code>X-API-Key</code>');
    expect(html).toContain('POST /api/v1/oracle/analyze');
    expect(html).toContain('POST /api/v1/smart-contracts/create');
    expect(html).toContain('curl -X POST http://localhost:5000/api/v1/oracle/analyze');
    expect(html).toContain('href="/api/docs#/v1"');
    expect(html).toContain('429 with a Retry-After header');
  });
});
