// The proof explorer's rules: the address round-trips the search, when a search runs, the score
// colours, sizes in KB, the explorer link (none while awaiting submission) and the copy toasts.
import { describe, expect, it, vi } from 'vitest';
import { proofSearchQuerySchema } from '../../../../domain/contracts/proofs';
import {
  EMPTY_PROOF_SEARCH,
  blockchainLink,
  challengeDecided,
  copyToClipboard,
  paramsFromProofSearch,
  proofBundleFileName,
  proofQueryString,
  proofScoreColour,
  proofSearchFromParams,
  proofTypeLabel,
  shouldSearchProofs,
  sizeInKb,
} from './proof-search';
import { proof } from './proof.fixture';

describe('proof search state', () => {
  it('round-trips the search, the work and the open proof through the address', () => {
    const search = { query: 'rain', proofType: 'licensing', status: 'pending', verifier: 'XRPL testnet', dateRange: '7d', workId: 'track-1' } as const;
    const params = paramsFromProofSearch(search, 'proof-1');
    expect(params.get('proof')).toBe('proof-1');
    expect(proofSearchFromParams(params)).toEqual(search);
    expect(proofSearchFromParams(new URLSearchParams('proofType=forgery&status=maybe'))).toEqual(EMPTY_PROOF_SEARCH);
  });

  it('searches only with a query, a proof type, a status, or a work', () => {
    expect(shouldSearchProofs(EMPTY_PROOF_SEARCH)).toBe(false);
    expect(shouldSearchProofs({ ...EMPTY_PROOF_SEARCH, verifier: 'XRPL testnet', dateRange: '24h' })).toBe(false);
    expect(shouldSearchProofs({ ...EMPTY_PROOF_SEARCH, query: 'rain' })).toBe(true);
    expect(shouldSearchProofs({ ...EMPTY_PROOF_SEARCH, proofType: 'creation' })).toBe(true);
    expect(shouldSearchProofs({ ...EMPTY_PROOF_SEARCH, status: 'verified' })).toBe(true);
    expect(shouldSearchProofs({ ...EMPTY_PROOF_SEARCH, workId: 'track-1' })).toBe(true);
  });

  it('sends a query string the server schema accepts as given', () => {
    const parsed = proofSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(proofQueryString({ ...EMPTY_PROOF_SEARCH, query: 'rain', workId: 'track-1', verifier: 'XRPL testnet' }))));
    expect(parsed).toMatchObject({ query: 'rain', workId: 'track-1', verifier: 'XRPL testnet', proofType: 'all', status: 'all', dateRange: 'all' });
  });
});

describe('proof display rules', () => {
  it('colours scores 90+ green, 80–89 yellow, below 80 red', () => {
    expect([95, 90, 85, 80, 79.9, 10].map(proofScoreColour)).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red']);
  });

  it('shows a decided challenge (resolved, dismissed, closed) in the default style and an open one as a warning', () => {
    expect(['resolved', 'dismissed', 'closed', 'open', 'under_review', 'escalated'].map(challengeDecided)).toEqual([true, true, true, false, false, false]);
  });

  it('shows types with spaces and sizes in KB to one decimal', () => {
    expect(proofTypeLabel('dispute_resolution')).toBe('dispute resolution');
    expect(sizeInKb(2_150_400)).toBe('2100.0 KB');
    expect(sizeInKb(1536)).toBe('1.5 KB');
    expect(proofBundleFileName('creation/CERT 1')).toBe('goose-proof-creation-CERT-1.json');
  });

  it('links a ledger transaction to its network explorer, and nothing while it awaits submission', () => {
    expect(blockchainLink(proof())).toBe(`https://testnet.xrpl.org/transactions/${'A'.repeat(64)}`);
    expect(blockchainLink(proof({ attestation: { ...proof().attestation, networkId: 'xrpl-mainnet' } }))).toContain('https://livenet.xrpl.org/transactions/');
    expect(blockchainLink(proof({ attestation: { ...proof().attestation, confirmation: 'awaiting submission: no ledger is configured' } }))).toBeNull();
    expect(blockchainLink(proof({ attestation: { ...proof().attestation, polygonTransactionId: null } }))).toBeNull();
    expect(blockchainLink(proof({ attestation: { ...proof().attestation, networkId: 'xrpl-custom' } }))).toBeNull();
  });

  it('toasts Copied! naming the item, or Copy failed / Could not copy to clipboard', async () => {
    const show = vi.fn();
    const writeText = vi.fn(() => Promise.resolve());
    await copyToClipboard('abc', 'Public key', show, { writeText });
    expect(writeText).toHaveBeenCalledWith('abc');
    expect(show).toHaveBeenLastCalledWith({ severity: 'success', summary: 'Copied!', detail: 'Public key copied to the clipboard' });
    await copyToClipboard('abc', 'Signature', show, { writeText: () => Promise.reject(new Error('denied')) });
    expect(show).toHaveBeenLastCalledWith({ severity: 'error', summary: 'Copy failed', detail: 'Could not copy to clipboard' });
    await copyToClipboard('abc', 'Signature', show, undefined);
    expect(show).toHaveBeenLastCalledWith({ severity: 'error', summary: 'Copy failed', detail: 'Could not copy to clipboard' });
  });
});
