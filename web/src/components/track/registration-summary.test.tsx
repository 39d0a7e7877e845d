// A kept registration reads in plain words on the track's card, whatever note the server that
// signed it stored (older servers stored the setting's name and the hash).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SIGNED_AND_WAITING } from '../../../../domain/contracts/lifecycle';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { RegistrationSummary } from './registration-summary';

const TX = 'AB'.repeat(32);

function itemWith(registration: Partial<NonNullable<VaultItem['registration']>>): VaultItem {
  return { xrplTxHash: TX, certificateId: null, registration: { ledgerStatus: 'awaiting_submission', network: 'testnet', note: null, explorer: null, ...registration } } as unknown as VaultItem;
}

describe('RegistrationSummary', () => {
  it('says a kept registration waits, without the stored setting name or hash', () => {
    const html = renderToStaticMarkup(<RegistrationSummary item={itemWith({ note: `No XRP Ledger server is configured (XRPL_URL is not set), so transaction ${TX} is signed but has not been sent to the testnet ledger.` })} />);
    expect(html).toContain(SIGNED_AND_WAITING.replace(/'/g, '&#x27;'));
    expect(html).not.toContain('XRPL_URL');
    expect(html).not.toContain('View on explorer');
  });

  it('keeps the note of a failed submission', () => {
    const html = renderToStaticMarkup(<RegistrationSummary item={itemWith({ ledgerStatus: 'failed', note: 'The ledger refused the transaction (tecNO_DST)' })} />);
    expect(html).toContain('The ledger refused the transaction (tecNO_DST)');
  });
});
