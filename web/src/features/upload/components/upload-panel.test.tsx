// What the upload form promises, read from its HTML: the button uploads (it neither checks nor
// registers), the next steps are named, and the royalty split says it is a note, not what is paid.
import { renderWithQueries } from '../../../lib/test-render';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES_ZERO_CONFIG_FIXTURE } from '../../../lib/capabilities.fixture';
import { CAPABILITIES_KEY, TOKEN_PRICING_KEY } from '../../../lib/query-keys';
import { PRICING_FIXTURE } from '../../../lib/tokens/pricing.fixture';
import { UploadPanel } from './upload-panel';

const user = { id: 'u1', username: 'ada', tokenBalance: 50, xrplWallet: null, createdAt: '2026-01-01T00:00:00.000Z', termsAccepted: true };

function render(): string {
  return renderWithQueries(<UploadPanel user={user} />, [
    [CAPABILITIES_KEY, CAPABILITIES_ZERO_CONFIG_FIXTURE],
    [TOKEN_PRICING_KEY, PRICING_FIXTURE],
  ]);
}

describe('upload panel', () => {
  it('names its button for what it does, and the check and registration as the next steps', () => {
    const html = render();
    expect(html).toMatch(/<button aria-label="Upload" class="upload-form__submit[^>]*type="submit"/);
    expect(html).not.toContain('Register Copyright');
    expect(html).toContain('Uploading stores your work; it does not check or register it. The copyright check and the registration are the next steps');
  });

  it('says the royalty split is kept as a note and does not decide what is paid', () => {
    const html = render();
    expect(html).toContain('Kept as your note and shown on its card; it does not change what you are paid');
    expect(html).not.toContain('Your share of royalties');
    expect(html).not.toContain('% to you');
  });

  it('says the cap, which fits a six-minute 24-bit/96 kHz master, and that an interrupted upload continues', () => {
    const html = render();
    expect(html).toContain('up to 300 MB a file: room for a six-minute 24-bit/96 kHz WAV');
    expect(html).toContain('If the connection drops, the upload picks up where it stopped');
  });
});
