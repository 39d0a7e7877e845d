// When a contract's scheduled payouts fall: every 7 days (weekly) or every calendar month (monthly)
// counted from the contract's creation; on demand has none. The workflow's timers and the screen's
// "next distribution" date use this one function, so they agree.
import type { DistributionSchedule } from './terms';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The first scheduled payout strictly after `after`; null on demand. */
export function nextDistributionAt(createdAt: Date, schedule: DistributionSchedule, after: Date): Date | null {
  switch (schedule) {
    case 'on_demand':
      return null;
    case 'weekly': {
      const periods = Math.floor((after.getTime() - createdAt.getTime()) / WEEK_MS) + 1;
      return new Date(createdAt.getTime() + Math.max(1, periods) * WEEK_MS);
    }
    case 'monthly': {
      let months = Math.max(1, (after.getUTCFullYear() - createdAt.getUTCFullYear()) * 12 + after.getUTCMonth() - createdAt.getUTCMonth());
      let next = addMonths(createdAt, months);
      while (next.getTime() <= after.getTime()) next = addMonths(createdAt, ++months);
      return next;
    }
    default: {
      const unknown: never = schedule;
      throw new Error(`Unknown schedule ${String(unknown)}`);
    }
  }
}

/** The same day and time `months` later; a day the month lacks becomes its last (31 Jan + 1 = 28/29 Feb). */
function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}
