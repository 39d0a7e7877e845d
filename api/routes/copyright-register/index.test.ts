// Where a registration is recorded (GET /api/database-sync-status): the XRP Ledger row is recorded
// only once validated; a signed registration kept for want of a ledger connection waits, in plain
// words, whatever note was stored with it (older notes named the server setting and the hash).
import { describe, expect, it } from 'vitest';
import { SIGNED_AND_WAITING } from '../../../domain/contracts/lifecycle';
import { registrationRecords } from '.';

const TX = 'AB'.repeat(32);
const item = { certificateId: 'GOOSE-2026-0001', xrplTxHash: TX };
const explorer = { xrpscan: null, xrplorer: null, bithomp: null, xrplOrg: null };
const registration = (ledgerStatus: 'validated' | 'submitted' | 'awaiting_submission' | 'failed', note: string | null = null) => ({
  network: 'testnet',
  account: 'rPlatform',
  ledgerStatus,
  resultCode: ledgerStatus === 'validated' ? 'tesSUCCESS' : null,
  note,
  explorer,
});

describe('registration records', () => {
  it('says a signed and kept registration waits for the ledger, without the setting or the hash', () => {
    const [registry, ledger] = registrationRecords(item, registration('awaiting_submission', `No XRP Ledger server is configured (XRPL_URL is not set), so transaction ${TX} is signed`));
    expect(registry).toMatchObject({ database: 'GOOSE copyright registry', success: true, state: 'recorded' });
    expect(ledger).toEqual({ database: 'XRP Ledger (testnet)', success: false, state: 'waiting', transactionId: TX, detail: SIGNED_AND_WAITING });
    expect(ledger!.detail).not.toMatch(/XRPL_URL|[0-9A-F]{64}/);
  });

  it('records the ledger row only once validated; a sent transaction waits, a refused one failed', () => {
    expect(registrationRecords(item, registration('validated'))[1]).toMatchObject({ success: true, state: 'recorded', detail: 'Validated on the testnet ledger (tesSUCCESS)' });
    expect(registrationRecords(item, registration('submitted'))[1]).toMatchObject({ success: false, state: 'waiting', detail: 'Sent to the testnet ledger, awaiting validation' });
    expect(registrationRecords(item, registration('failed', 'tecNO_DST'))[1]).toMatchObject({ success: false, state: 'failed', detail: 'tecNO_DST' });
  });
});
