// The words and links of the notifications, apart from the tables: how a deadline, an amount, a
// date and a case are said, and the in-app address of each place a notification opens (the paths
// the web already serves: /dispute-management?dispute=<id>&tab=<tab>, /tracks/<id>/history, the
// dashboard tabs /dashboard/<tab>, the marketplace's ?tab=licenses and ?tab=offers).
import type { DEADLINE_KINDS } from '../../domain/contracts/disputes';
import { DISPUTE_DEADLINES } from '../../domain/disputes/deadlines';

type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export const links = {
  dispute: (disputeId: string, tab?: 'evidence' | 'messages' | 'timeline' | 'resolution') =>
    `/dispute-management?dispute=${encodeURIComponent(disputeId)}${tab ? `&tab=${tab}` : ''}`,
  track: (trackId: string) => `/tracks/${encodeURIComponent(trackId)}/history`,
  contracts: '/dashboard/smart-contracts',
  releases: '/dashboard/distributions',
  developer: '/dashboard/developer',
  licensesBought: '/licensing-marketplace?tab=licenses',
  licensesSold: '/licensing-marketplace?tab=offers',
  buyTokens: '/checkout',
  supportTicket: (ticketId: string) => `/dashboard/support?ticket=${encodeURIComponent(ticketId)}`,
  supportQueue: (ticketId: string) => `/support/queue?ticket=${encodeURIComponent(ticketId)}`,
} as const;

/** "2026-12-29 10:00 UTC": one unambiguous form, whatever the reader's zone. */
export function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function money(cents: number, currency: 'USD' | 'QXMP' = 'USD'): string {
  const amount = (cents / 100).toFixed(2);
  return currency === 'USD' ? `$${amount}` : `${amount} QXMP`;
}

export function tokens(micros: number): string {
  const value = micros / 1_000_000;
  return `${Number.isInteger(value) ? value : value.toFixed(2)} token${value === 1 ? '' : 's'}`;
}

export const DEADLINE_NAMES: Record<DeadlineKind, string> = {
  response: 'answer',
  evidence: 'evidence',
  appeal: 'appeal',
};

/** What the case workflow does when the deadline passes (domain/disputes/dispute.decider.ts, passDeadline). */
export const DEADLINE_CONSEQUENCES: Record<DeadlineKind, string> = {
  response: `If the owner has not answered by then, the claim is upheld by default (after ${DISPUTE_DEADLINES.respondentAnswerDays} days without an answer).`,
  evidence: 'If the requested evidence has not arrived by then, the case returns to review without it.',
  appeal: 'If no one appeals by then, the resolution becomes final and the case closes.',
};

/** 'the case "<subject>" about "<work>"', as a case is named in a sentence. */
export function caseName(subject: string, workTitle: string): string {
  return subject.trim() ? `the case "${subject}" about "${workTitle}"` : `the case about "${workTitle}"`;
}

export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
