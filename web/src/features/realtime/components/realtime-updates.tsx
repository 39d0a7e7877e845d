// Mounted once while someone is signed in: holds the realtime websocket open, and tells `onEvent`
// (when given) of each change once the reads it made stale have been refetched.
import { useRealtimeInvalidation, type RealtimeEvent } from '../api/use-realtime-invalidation';

export function RealtimeUpdates({ onEvent }: { onEvent?(event: RealtimeEvent): void }) {
  useRealtimeInvalidation({ onEvent });
  return null;
}
