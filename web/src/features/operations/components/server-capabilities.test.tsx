// The operations page's capabilities table: every capability, on or off, with the settings that
// turn an off one on (operators' words, kept off creators' screens).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import { ServerCapabilities } from './server-capabilities';

describe('ServerCapabilities', () => {
  it('names the setting that turns on each capability that is off', () => {
    const html = renderToStaticMarkup(<ServerCapabilities capabilities={CAPABILITIES_ZERO_CONFIG_FIXTURE} />);
    expect(html).toContain('XRPL_URL (a rippled WebSocket)');
    expect(html).toContain('STRIPE_SECRET_KEY');
    expect(html).toContain('SMTP_URL');
    // The workflow service, distribution (to the sandbox), AI music creation, reference catalogues,
    // notifications, the account settings, the analytics overview and the support centre run on every such server.
    expect(html.match(/>On</g)).toHaveLength(8);
  });

  it('names no setting when everything the server can be given is on', () => {
    const html = renderToStaticMarkup(<ServerCapabilities capabilities={CAPABILITIES_FULL_FIXTURE} />);
    expect(html).not.toMatch(/XRPL_URL|STRIPE_SECRET_KEY|SMTP_URL/);
    // Every capability is built now; outside catalogues name AcoustID once it is configured.
    expect(html).not.toContain('not built yet');
    expect(html).toContain("rights holders&#x27; reference recordings and AcoustID&#x27;s catalogue of MusicBrainz recordings");
  });
});
