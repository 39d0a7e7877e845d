import { describe, expect, it } from 'vitest';
import { isOnLedger, ledgerStatusLabel, masterStatusLabel, syncSuccessPercent } from './status-labels';

describe('masterStatusLabel', () => {
  it('prefixes GOOSE and maps the known statuses', () => {
    expect(masterStatusLabel('processing')).toBe('GOOSE: Processing');
    expect(masterStatusLabel('mastering')).toBe('GOOSE: Processing');
    expect(masterStatusLabel('completed')).toBe('GOOSE: Complete');
    expect(masterStatusLabel('mastered')).toBe('GOOSE: Complete');
    expect(masterStatusLabel('failed')).toBe('GOOSE: Failed');
    expect(masterStatusLabel('expired')).toBe('GOOSE: Expired');
    expect(masterStatusLabel('queued')).toBe('GOOSE: queued');
  });
});

describe('ledgerStatusLabel', () => {
  it('never says a transaction awaiting submission is on chain', () => {
    expect(ledgerStatusLabel('awaiting_submission')).toBe('Signed, awaiting ledger submission');
    expect(ledgerStatusLabel('awaiting_submission').toLowerCase()).not.toContain('on chain');
    expect(isOnLedger('awaiting_submission')).toBe(false);
    expect(isOnLedger('signed')).toBe(false);
    expect(isOnLedger('validated')).toBe(true);
    expect(ledgerStatusLabel('validated')).toBe('Validated on the XRP Ledger');
  });
});

describe('syncSuccessPercent', () => {
  const results = [{ success: true }, { success: true }, { success: false }, { success: true }];
  it('reads a fraction or a percentage', () => {
    expect(syncSuccessPercent(0.75, results)).toBe(75);
    expect(syncSuccessPercent(75, results)).toBe(75);
    expect(syncSuccessPercent(1, [{ success: true }])).toBe(100);
    expect(syncSuccessPercent(0, [])).toBe(0);
  });
});
