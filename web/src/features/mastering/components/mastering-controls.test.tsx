// The mastering panel's one progress display: while the workflow masters the track, the controls
// show its reported steps once (the overall bar and the eight steps); with no run going, none.
import { describe, expect, it } from 'vitest';
import { TOKEN_PRICING_KEY } from '../../../lib/query-keys';
import { renderWithQueries } from '../../../lib/test-render';
import { PRICING_FIXTURE } from '../../../lib/tokens/pricing.fixture';
import { vaultItem } from '../../../lib/track/vault-item.fixture';
import { DEFAULT_MASTER_SETTINGS } from '../master-options';
import { MasteringControls } from './mastering-controls';

const render = (item: ReturnType<typeof vaultItem>) =>
  renderWithQueries(<MasteringControls item={item} settings={DEFAULT_MASTER_SETTINGS} onChange={() => undefined} />, [[TOKEN_PRICING_KEY, PRICING_FIXTURE]]);

const progressBars = (html: string) => html.match(/role="progressbar"/g)?.length ?? 0;

describe('mastering controls', () => {
  it('shows the running master\'s reported steps once: 1 of 8 done and four chain steps running reads 13 %', () => {
    const steps = [
      { step: 'audio analysis', description: 'Decoding', progress: 100 },
      ...['EQ processing', 'compression', 'stereo enhancement', 'harmonic processing'].map((step) => ({ step, description: step, progress: 0 })),
    ];
    const html = render(vaultItem({ mastering: { masterId: 'm1', kind: 'master', running: true, steps, results: null, error: null } }));
    expect(progressBars(html)).toBe(1);
    expect(html).toContain('aria-label="Master progress"');
    expect(html).toContain('<strong>13%</strong>');
    expect(html.match(/data-status="active"/g)).toHaveLength(4);
    expect(html).toMatch(/<button[^>]*aria-label="Master Track"[^>]*disabled=""/);
  });

  it('shows no progress when no run is going', () => {
    const html = render(vaultItem());
    expect(progressBars(html)).toBe(0);
    expect(html).not.toMatch(/<button[^>]*aria-label="Master Track"[^>]*disabled=""/);
  });
});
