// The Smart Contracts screen's figures and checks: the progress bar never passes 100 %, registered
// means an XRPL hash, hashes show 12 characters, and the Distribute Royalties amount stays between
// 0.01 and what is pending.
import { describe, expect, it } from 'vitest';
import { vaultItem } from '../../lib/track/vault-item.fixture';
import { checkDistributeAmount, distributionProgress, fileTypeOf, receiversTotal, registeredContent, shortHash } from './labels';
import { receiver } from '../../lib/smart-contracts.fixture';

describe('smart contract labels', () => {
  it('caps the distribution progress at 100 % and shows 0 without earnings', () => {
    expect(distributionProgress({ totalEarnings: 1000, distributedAmount: 250 })).toBe(25);
    expect(distributionProgress({ totalEarnings: 1000, distributedAmount: 1500 })).toBe(100);
    expect(distributionProgress({ totalEarnings: 0, distributedAmount: 0 })).toBe(0);
  });

  it('lists only content with an XRPL hash as registered, and shows the first 12 characters of a hash', () => {
    const items = [vaultItem({ id: 'a', xrplTxHash: 'ABCDEF0123456789XYZ' }), vaultItem({ id: 'b', xrplTxHash: null })];
    expect(registeredContent(items).map((item) => item.id)).toEqual(['a']);
    expect(shortHash('ABCDEF0123456789XYZ')).toBe('ABCDEF012345');
  });

  it('names the file type from the probe, else the file name, else the MIME type', () => {
    expect(fileTypeOf(vaultItem())).toBe('WAV');
    const base = vaultItem().metadata;
    expect(fileTypeOf({ metadata: { ...base, format: null, originalName: 'song.flac' } })).toBe('FLAC');
    expect(fileTypeOf({ metadata: { ...base, format: null, originalName: 'song', mimeType: 'audio/mpeg' } })).toBe('MPEG');
  });

  it('accepts an amount from $0.01 up to what is pending, with at most two decimals', () => {
    expect(checkDistributeAmount(0.01, 2345)).toEqual({ ok: true, dollars: 0.01 });
    expect(checkDistributeAmount(23.45, 2345)).toEqual({ ok: true, dollars: 23.45 });
    expect(checkDistributeAmount(23.46, 2345)).toMatchObject({ ok: false, reason: 'The amount is more than the 23.45 USD pending' });
    expect(checkDistributeAmount(0, 2345)).toMatchObject({ ok: false });
    expect(checkDistributeAmount(null, 2345)).toMatchObject({ ok: false });
    expect(checkDistributeAmount(1.005, 2345)).toMatchObject({ ok: false, reason: 'The amount has at most two decimals' });
  });

  it('counts the receivers who have not declined in their total share', () => {
    expect(receiversTotal([receiver({ royaltyPercentage: 15 }), receiver({ royaltyPercentage: 10, invitationStatus: 'accepted' }), receiver({ royaltyPercentage: 20, invitationStatus: 'declined' })])).toBe(25);
  });
});
