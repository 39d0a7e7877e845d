// Mounted once while someone is signed in: holds the realtime websocket open.
import { useRealtimeInvalidation } from '../api/use-realtime-invalidation';

export function RealtimeUpdates() {
  useRealtimeInvalidation();
  return null;
}
