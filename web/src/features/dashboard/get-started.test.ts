// The Get started path: each step's cost comes from the server's price list, its buttons go only
// to tabs this server can work, and a step is ticked once one of the creator's tracks reached it.
import { describe, expect, it } from 'vitest';
import { SERVICE_PRICES } from '../../../../domain/tokens/catalogue';
import { CAPABILITIES_FULL_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE, ZERO_CONFIG_FACTS } from '../../lib/capabilities.fixture';
import { describeCapabilities } from '../../../../domain/platform/capabilities';
import { pricingOf } from '../../../../domain/tokens/price-list';
import { PRICING_FIXTURE } from '../../lib/tokens/pricing.fixture';
import { vaultItem, workflowSteps } from '../../lib/track/vault-item.fixture';
import { getStartedSteps } from './get-started';

const byId = (steps: ReturnType<typeof getStartedSteps>) => Object.fromEntries(steps.map((step) => [step.id, step]));

describe('get started path', () => {
  it("prices each step from the price list: upload and check free, AI creation, mastering and registration at the catalogue's prices", () => {
    const steps = byId(getStartedSteps([], PRICING_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE));
    expect(steps.add!.cost).toBe(`Uploading is free; a song made with AI costs ${SERVICE_PRICES['ai-music-generation']} tokens`);
    expect(steps.master!.cost).toBe(`${SERVICE_PRICES['professional-mastering']} tokens; previews are free`);
    expect(steps.check!.cost).toBe('Free');
    expect(steps.register!.cost).toBe(`${SERVICE_PRICES['copyright-registration']} tokens, charged when it succeeds`);
    // A changed price list changes what the path says.
    const dearer = { ...PRICING_FIXTURE, services: PRICING_FIXTURE.services.map((line) => (line.id === 'professional-mastering' ? { ...line, price: 7.5 } : line)) };
    expect(byId(getStartedSteps([], dearer, CAPABILITIES_ZERO_CONFIG_FIXTURE)).master!.cost).toBe('7.5 tokens; previews are free');
  });

  it('quotes nothing before the price list answers', () => {
    expect(getStartedSteps([], undefined, CAPABILITIES_ZERO_CONFIG_FIXTURE).map((step) => step.cost)).toEqual([null, null, null, null]);
  });

  it('offers Create only where the server can make songs, and never prices what it does not sell', () => {
    const noCreation = describeCapabilities({ ...ZERO_CONFIG_FACTS, workflowService: false });
    const add = byId(getStartedSteps([], pricingOf(noCreation), noCreation)).add!;
    expect(add.links.map((link) => link.tab)).toEqual(['upload']);
    expect(add.cost).toBe('Free');
    expect(byId(getStartedSteps([], PRICING_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE)).add!.links.map((link) => link.tab)).toEqual(['upload', 'create']);
  });

  it('links each step to the tab where it is done, and words the registration by the ledger', () => {
    const steps = getStartedSteps([], PRICING_FIXTURE, CAPABILITIES_FULL_FIXTURE);
    expect(steps.map((step) => step.links[0]!.tab)).toEqual(['upload', 'mastering', 'oracle', 'oracle']);
    expect(byId(steps).register!.text).toContain('on the XRP Ledger');
    expect(byId(getStartedSteps([], PRICING_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE)).register!.text).toContain('keeps the transaction until it connects to the ledger');
  });

  it("ticks the steps the creator's tracks have reached", () => {
    const done = (items: Parameters<typeof getStartedSteps>[0]) => getStartedSteps(items, PRICING_FIXTURE, CAPABILITIES_ZERO_CONFIG_FIXTURE).filter((step) => step.done).map((step) => step.id);
    expect(done([])).toEqual([]);
    expect(done([vaultItem()])).toEqual(['add']);
    const cleared = vaultItem({ workflow: { ...vaultItem().workflow, steps: workflowSteps({ master: 'completed', oracle: 'completed' }) } });
    expect(done([vaultItem(), cleared])).toEqual(['add', 'master', 'check']);
    expect(done([vaultItem({ xrplTxHash: 'AB'.repeat(32), workflow: { ...vaultItem().workflow, steps: workflowSteps({ oracle: 'completed', register: 'completed' }) } })])).toEqual(['add', 'check', 'register']);
    // An upload that failed intake is no track yet.
    expect(done([vaultItem({ workflow: { ...vaultItem().workflow, steps: workflowSteps({ probe: 'failed' }) } })])).toEqual([]);
  });
});
