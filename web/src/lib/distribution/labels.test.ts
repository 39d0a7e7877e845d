import { describe, expect, it } from 'vitest';
import { formatCents } from '../format';
import { release, sandboxRelease } from './distribution.fixture';
import {
  breakdownShare,
  releaseStatusLabel,
  storeStateLabel,
  breakdownTotals,
  deliveryStateLabel,
  distributionStatusLabel,
  distributionStatusSeverity,
  formatDay,
  releaseOf,
  releaseEarningsText,
  sidebarDistributionStatus,
} from './labels';
import { TEMPLATE_CREATOR_SHARE } from '../../../../domain/royalties/terms';

describe('distribution status labels', () => {
  it('names each status by its label and anything else Unknown', () => {
    expect(distributionStatusLabel('pending')).toBe('Pending');
    expect(distributionStatusLabel('uploaded')).toBe('Uploaded to the distributor');
    expect(distributionStatusLabel('distributed')).toBe('Live on Platforms');
    expect(distributionStatusLabel('failed')).toBe('Failed');
    expect(distributionStatusLabel('taken_down')).toBe('Taken down');
    expect(distributionStatusLabel('queued')).toBe('Unknown');
    expect(distributionStatusLabel('toString')).toBe('Unknown');
    expect(distributionStatusSeverity('distributed')).toBe('success');
    expect(distributionStatusSeverity('failed')).toBe('danger');
    expect(distributionStatusSeverity('queued')).toBe('secondary');
  });

  it("gives a store's failure with its reason", () => {
    expect(deliveryStateLabel('failed', 'Artwork too small')).toBe('Failed: Artwork too small');
    expect(deliveryStateLabel('failed', null)).toBe('Failed');
    expect(deliveryStateLabel('distributed', null)).toBe('Live on Platforms');
  });

  it('never says "Live on Platforms" for a sandbox release or store, in any state', () => {
    for (const status of ['pending', 'uploaded', 'distributed', 'failed', 'taken_down'] as const) {
      expect(releaseStatusLabel(sandboxRelease({ status }))).not.toBe('Live on Platforms');
      expect(storeStateLabel(sandboxRelease(), status === 'taken_down' ? 'pending' : status, 'x')).not.toBe('Live on Platforms');
    }
    expect(releaseStatusLabel(release({ status: 'distributed' }))).toBe('Live on Platforms');
    expect(sidebarDistributionStatus(sandboxRelease())).toBe('sandbox');
  });
});

describe('money and the royalty breakdown', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatCents(1234)).toBe('$12.34');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-5)).toBe('-$0.05');
  });

  it('shows a release day as that day in any time zone', () => {
    expect(formatDay('2026-11-05')).toBe('Nov 5, 2026');
    expect(formatDay('soon')).toBe('soon');
  });

  it('sums a breakdown to the cent and gives each store its share', () => {
    const lines = [
      { store: 'spotify', storeName: 'Spotify', amount: 1001, streams: 3000 },
      { store: 'deezer', storeName: 'Deezer', amount: 333, streams: 1200 },
      { store: 'tidal', storeName: 'TIDAL', amount: 1, streams: 2 },
    ];
    expect(breakdownTotals(lines)).toEqual({ amount: 1335, streams: 4202 });
    expect(breakdownTotals([])).toEqual({ amount: 0, streams: 0 });
    expect(breakdownShare(lines[0]!, 1335)).toBe(75);
    expect(breakdownShare(lines[0]!, 0)).toBe(0);
  });
});

describe('the release a track follows', () => {
  it('takes the newest release that is not taken down, else the newest', () => {
    const contentId = release().contentId;
    const old = release({ id: 'old', createdAt: '2025-01-01T00:00:00.000Z', status: 'distributed' });
    const takenDown = release({ id: 'down', createdAt: '2026-06-01T00:00:00.000Z', status: 'taken_down' });
    const other = release({ id: 'other', contentId: 'another', createdAt: '2027-01-01T00:00:00.000Z' });
    expect(releaseOf(contentId, [old, takenDown, other])?.id).toBe('old');
    expect(releaseOf(contentId, [takenDown, other])?.id).toBe('down');
    expect(releaseOf(contentId, [other])).toBeNull();
  });

  it('counts distribution complete in the sidebar only once the release is live', () => {
    expect(sidebarDistributionStatus(release({ status: 'distributed' }))).toBe('completed');
    expect(sidebarDistributionStatus(release({ status: 'uploaded' }))).toBe('uploaded');
    expect(sidebarDistributionStatus(null)).toBeNull();
  });
});

describe('who is paid a release\'s store earnings', () => {
  it('names the templates\' creator shares, the platform\'s part and the unpaid earnings of a track without a contract', () => {
    const text = releaseEarningsText(null);
    expect(text).toContain(`${TEMPLATE_CREATOR_SHARE.standard_royalty}%, ${TEMPLATE_CREATOR_SHARE.premium_royalty}% or ${TEMPLATE_CREATOR_SHARE.revenue_sharing}% to you`);
    expect(text).toContain('the platform keeps the rest');
    expect(text).toContain('Earnings of a track without a royalty contract are not paid out');
    expect(text).not.toMatch(/100%/);
  });

  it('names the share of the track\'s own contract when it has one', () => {
    expect(releaseEarningsText(95)).toBe(
      'Store earnings of this track are paid through its royalty contract: 95% to you, less the shares of receivers you invited, and 5% to the platform.',
    );
  });
});
