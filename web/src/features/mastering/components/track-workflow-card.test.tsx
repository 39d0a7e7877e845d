// What the track's workflow card says at its Smart Contract and Distribute steps, read from its
// HTML: the contract's ledger record and price only where this server records contracts, and who
// is paid a release's store earnings (the track's contract), never "100% to you".
import { renderWithQueries } from '../../../lib/test-render';
import { describe, expect, it } from 'vitest';
import type { Contract } from '../../../../../domain/contracts/royalties';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import type { CapabilityReport } from '../../../lib/capabilities';
import { CAPABILITIES_KEY, DISTRIBUTIONS_KEY, SMART_CONTRACTS_KEY, TOKEN_PRICING_KEY } from '../../../lib/query-keys';
import { contract } from '../../../lib/smart-contracts.fixture';
import { PRICING_FIXTURE } from '../../../lib/tokens/pricing.fixture';
import { vaultItem } from '../../../lib/track/vault-item.fixture';
import { TrackWorkflowCard } from './track-workflow-card';

const registered = vaultItem({ trackStatus: 'in_vault', xrplTxHash: 'AB'.repeat(32) });

function render(item: VaultItem, contracts: Contract[], capabilities: CapabilityReport = CAPABILITIES_ZERO_CONFIG_FIXTURE): string {
  return renderWithQueries(<TrackWorkflowCard item={item} />, [
    [CAPABILITIES_KEY, capabilities],
    [SMART_CONTRACTS_KEY, contracts],
    [DISTRIBUTIONS_KEY, []],
    [TOKEN_PRICING_KEY, PRICING_FIXTURE],
  ]);
}

describe('track workflow card', () => {
  it('says at the contract step that a server without a ledger keeps the contract waiting, with no XRP price', () => {
    const html = render(registered, []);
    expect(html).toContain('>Create Smart Contract<');
    expect(html).toContain(CAPABILITIES_ZERO_CONFIG_FIXTURE['contract-anchors'].reason);
    expect(html).not.toContain('$49.95');
  });

  it('prices the contract\'s ledger record where the server records contracts', () => {
    expect(render(registered, [], CAPABILITIES_FULL_FIXTURE)).toContain('Recording it on the XRP Ledger costs $49.95 once, paid in XRP from your XRPL account.');
  });

  it('says at the distribute step that the track\'s contract splits its store earnings, and that the sandbox reaches no store', () => {
    const html = render({ ...registered, trackStatus: 'contracted' }, [contract({ contentId: registered.id, royaltySplit: 95, platformShare: 5 })]);
    expect(html).toContain('>Distribute<');
    expect(html).toContain('paid through its royalty contract: 95% to you, less the shares of receivers you invited, and 5% to the platform.');
    expect(html).toContain(CAPABILITIES_ZERO_CONFIG_FIXTURE['delivery-partner'].reason);
    expect(html).not.toMatch(/keep 100%/);
  });

  it('offers stores and their fee where a delivery partner is configured', () => {
    const html = render({ ...registered, trackStatus: 'contracted' }, [contract({ contentId: registered.id })], CAPABILITIES_FULL_FIXTURE);
    expect(html).toContain('Release this track to streaming stores for $14.99 per year.');
    expect(html).toContain('85% to you');
  });
});
