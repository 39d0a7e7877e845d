// The waiting list's page rendered to markup: the plan's figures appear only labelled as its claim,
// no token or earnings are promised, priority says it is free, text messages are offered as not
// available, a ?ref= code is shown with a way to drop it, and one's own entry shows its code and
// referrals once confirmed (earnings 0 with the reason) or waits for the mailed link.
import { describe, expect, it } from 'vitest';
import { NO_EARNINGS_REASON, PRIORITY_MEANING, type WaitingListStats, type WaitingListStatus } from '../../../../../domain/contracts/waiting-list';
import { renderWithQueries } from '../../../lib/test-render';
import { WAITING_LIST_STATS_KEY, WAITING_LIST_STATUS_KEY } from '../api/waiting-list';
import { WaitingListPage } from './waiting-list-page';

const STATS: WaitingListStats = { totalUsers: 12, priorityUsers: 5, awaitingConfirmation: 3, totalTracks: 40, estimatedEarnings: null, estimatedEarningsReason: NO_EARNINGS_REASON };
const CONFIRMED: WaitingListStatus = {
  email: 'ana@example.com',
  confirmed: true,
  isPriority: true,
  affiliateCode: 'AbCdEfGhIjKlMnOp',
  referrals: 2,
  referralEarnings: 0,
  referralEarningsReason: NO_EARNINGS_REASON,
  joinedAt: '2026-11-29T12:00:00.000Z',
  confirmedAt: '2026-11-29T12:05:00.000Z',
};

const render = (status: WaitingListStatus | null, referralCode: string | null = null) =>
  renderWithQueries(<WaitingListPage referralCode={referralCode} onDropReferral={() => undefined} signedIn={false} />, [
    [WAITING_LIST_STATS_KEY, STATS],
    [WAITING_LIST_STATUS_KEY, status],
  ]);

describe('waiting list page', () => {
  it("shows the plan's figures only as its labelled claim and promises no tokens or earnings", () => {
    const html = render(null);
    expect(html).toContain('The plan&#x27;s claim, not a promise: no stream is paid today.');
    expect(html).toContain('$3.00 Per Stream');
    expect(html).toContain('$0.003');
    expect(html).toContain('Nothing in GOOSE activates at a number of users, joining credits no tokens');
    expect(html).toContain('Estimated earnings: none.');
    expect(html).not.toMatch(/500 (free )?tokens|free tokens|you will earn|guarantee/i);
  });

  it('shows the numbers from the stats and the join form with what priority means and no text messages', () => {
    const html = render(null);
    expect(html).toContain('data-testid="waiting-list-total">12<');
    expect(html).toContain('data-testid="waiting-list-priority">5<');
    expect(html).toContain('aria-label="Join the waiting list"');
    expect(html).toContain(PRIORITY_MEANING);
    expect(html).toMatch(/By text message: not available/);
  });

  it('shows the code of a ?ref= link with a way to join without it', () => {
    const html = render(null, 'ReFeRrEr12345678');
    expect(html).toContain('You were invited with code <code>ReFeRrEr12345678</code>');
    expect(html).toContain('Join without the code');
  });

  it('shows a confirmed entry with its code, share link, referrals and earnings of 0 with the reason; an unconfirmed one waits for the link', () => {
    const html = render(CONFIRMED);
    expect(html).toContain('ana@example.com is on the list (priority).');
    expect(html).toContain('data-testid="waiting-list-code">AbCdEfGhIjKlMnOp<');
    expect(html).toContain('/streaming?ref=AbCdEfGhIjKlMnOp');
    expect(html).toContain('data-testid="waiting-list-referrals">2<');
    expect(html).toContain(NO_EARNINGS_REASON);
    expect(html).not.toContain('aria-label="Join the waiting list"');

    const waiting = render({ ...CONFIRMED, confirmed: false, affiliateCode: null, referrals: 0, confirmedAt: null });
    expect(waiting).toContain('ana@example.com joined and waits for confirmation');
    expect(waiting).not.toContain('AbCdEfGhIjKlMnOp');
  });
});
