// A clock for views that show relative times or countdowns.
import { useEffect, useState } from 'react';

/** The current time, ticking every `intervalMs`: relative times and countdowns stay true while the page is open. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
