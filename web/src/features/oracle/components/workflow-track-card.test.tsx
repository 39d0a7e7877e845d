// The Copyright Oracle tab's card for an unmastered track: mastering is optional, so the copyright
// check is offered beside Start Mastering, and a track the check cleared as uploaded can be
// registered without a master. Read from the card's HTML.
import { renderWithQueries } from '../../../lib/test-render';
import { describe, expect, it } from 'vitest';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import type { CapabilityReport } from '../../../lib/capabilities';
import { CAPABILITIES_KEY, TOKEN_PRICING_KEY } from '../../../lib/query-keys';
import { PRICING_FIXTURE } from '../../../lib/tokens/pricing.fixture';
import { copyrightCheck, vaultItem, workflowSteps } from '../../../lib/track/vault-item.fixture';
import { WorkflowTrackCard } from './workflow-track-card';

function render(item: VaultItem, capabilities: CapabilityReport = CAPABILITIES_ZERO_CONFIG_FIXTURE): string {
  return renderWithQueries(<WorkflowTrackCard item={item} />, [
    [CAPABILITIES_KEY, capabilities],
    [TOKEN_PRICING_KEY, PRICING_FIXTURE],
  ]);
}

const buttons = (html: string) => [...html.matchAll(/<button[^>]*aria-label="([^"]+)"/g)].map((m) => m[1]);

describe('oracle workflow card of an unmastered track', () => {
  it('offers Check Copyright beside Start Mastering, since mastering is optional', () => {
    const html = render(vaultItem());
    expect(buttons(html)).toEqual(['Start Mastering', 'Check Copyright']);
    expect(html).toContain('Mastering is optional');
  });

  it('offers registration, and still mastering, once the check cleared the track as uploaded', () => {
    const cleared = { copyrightCheck: copyrightCheck({ status: 'completed', verdict: 'cleared', clearanceScore: 97 }), workflow: { ...vaultItem().workflow, steps: workflowSteps({ oracle: 'completed' }) } };
    const html = render(vaultItem(cleared));
    expect(buttons(html)).toEqual(['Start Mastering', 'Register Copyright']);
    expect(html).toContain('cleared this track as uploaded');
  });

  it('offers the free check beside Start Mastering again after a master failed: the failed run changed no file', () => {
    const failed = vaultItem({
      trackStatus: 'failed',
      workflow: { ...vaultItem().workflow, steps: workflowSteps({ master: 'failed' }), failureReason: 'The input is silent: there is nothing to master' },
    });
    const html = render(failed);
    expect(buttons(html)).toEqual(['Start Mastering', 'Check Copyright']);
    expect(html).toContain('check the track as it stands (the check is free)');
  });

  it('keeps the check unavailable for a track too short to check, with the reason', () => {
    const html = render(vaultItem({ metadata: { ...vaultItem().metadata, duration: 2 } }));
    expect(html).toMatch(/<button[^>]*aria-label="Check Copyright"[^>]*disabled=""/);
  });
});

describe('oracle workflow card of a text upload', () => {
  const text = vaultItem({ contentType: 'text', metadata: { ...vaultItem().metadata, duration: null } });

  it('says a registration is signed and kept where the server is not connected to the ledger', () => {
    const html = render(text);
    expect(buttons(html)).toEqual(['Register Copyright']);
    expect(html).toContain('registers it with a signed XRP Ledger transaction, kept until this server connects to the ledger.');
    expect(html).not.toContain('registers it on the XRP Ledger');
  });

  it('says it registers on the XRP Ledger where the server submits to it', () => {
    expect(render(text, CAPABILITIES_FULL_FIXTURE)).toContain('registers it on the XRP Ledger.');
  });
});

describe('oracle workflow card of a registered track', () => {
  const registered = vaultItem({
    trackStatus: 'in_vault',
    xrplTxHash: 'AB'.repeat(32),
    workflow: { ...vaultItem().workflow, steps: workflowSteps({ oracle: 'completed', register: 'completed', certificate: 'completed', vault: 'completed' }) },
  });

  it('offers the contract action the dashboard hands it beside View Certificate, and none without one', () => {
    const withAction = renderWithQueries(<WorkflowTrackCard item={registered} contractAction={<button type="button" aria-label="Create Smart Contract" />} />, [
      [CAPABILITIES_KEY, CAPABILITIES_ZERO_CONFIG_FIXTURE],
      [TOKEN_PRICING_KEY, PRICING_FIXTURE],
    ]);
    expect(buttons(withAction)).toEqual(['View Certificate', 'Create Smart Contract']);
    expect(buttons(render(registered))).toEqual(['View Certificate']);
  });
});
