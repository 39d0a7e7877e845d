// "3 minutes ago" for the operations lists: how long ago a step failed matters more than the date.
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return 'just now';
  const units: Array<[string, number]> = [['minute', 60], ['hour', 3600], ['day', 86_400]];
  const [unit, size] = [...units].reverse().find(([, s]) => seconds >= s) ?? units[0]!;
  const count = Math.max(1, Math.round(seconds / size));
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}
