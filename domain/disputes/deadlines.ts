// The dispute deadlines, written once: the workflow's timers, the countdowns both parties see and
// the docs all read these.

export const DISPUTE_DEADLINES = {
  /** A respondent has this long to answer a claim; unanswered, it resolves by default for the claimant. */
  respondentAnswerDays: 30,
  /** Evidence a reviewer requests is due this long after the request. */
  evidenceDueDays: 14,
  /** After a resolution either party may appeal for this long; then the case closes. */
  appealWindowDays: 7,
} as const;

/** The case workflow reminds whoever must act this many days before each deadline (a reminder not after the deadline's start is skipped). */
export const DEADLINE_REMINDER_DAYS = [7, 1] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysToMs(days: number): number {
  return days * DAY_MS;
}

/** The instant `days` after `fromIso`, as an ISO string. */
export function dueAfter(fromIso: string, days: number): string {
  return new Date(Date.parse(fromIso) + daysToMs(days)).toISOString();
}
