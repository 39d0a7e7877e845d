// How the support centre says things: statuses, priorities, categories, durations, and who wrote
// a message ('GOOSE AI Agent' for the agent, 'You' for the viewer's own words, else the author).
import type { SupportTicketCategory, SupportTicketMessage, SupportTicketPriority, SupportTicketStatus } from '../../../../domain/contracts/support';

export const STATUS_LABELS: Record<SupportTicketStatus, string> = { open: 'Open', 'in-progress': 'In progress', resolved: 'Resolved', closed: 'Closed' };
export const STATUS_SEVERITY: Record<SupportTicketStatus, 'info' | 'warning' | 'success' | 'secondary'> = {
  open: 'info',
  'in-progress': 'warning',
  resolved: 'success',
  closed: 'secondary',
};
export const PRIORITY_LABELS: Record<SupportTicketPriority, string> = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' };
export const CATEGORY_LABELS: Record<SupportTicketCategory, string> = { general: 'General', technical: 'Technical', billing: 'Billing', 'feature-request': 'Feature request' };

/** What a status button says, by the status it moves to. */
export const MOVE_LABELS: Record<SupportTicketStatus, string> = { open: 'Reopen', 'in-progress': 'Mark in progress', resolved: 'Mark resolved', closed: 'Close ticket' };

export const AGENT_LABEL = 'GOOSE AI Agent';

/** "4 min", "2 h 5 min", "3 d 4 h": a duration at the precision a person reads it; null while it has not happened. */
export function formatDuration(ms: number | null): string | null {
  if (ms === null) return null;
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** Who a message is from, as the viewer reads it. */
export function authorLabel(message: Pick<SupportTicketMessage, 'isFromAI' | 'authorRole' | 'authorName'>, viewerIsRequester: boolean): string {
  if (message.isFromAI || message.authorRole === 'agent') return AGENT_LABEL;
  if (message.authorRole === 'user' && viewerIsRequester) return 'You';
  return message.authorName;
}

/** "2026-11-29 10:04 UTC" */
export function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Enter sends; Shift+Enter is a new line (and so is Enter while an input method composes). */
export function sendsOnKey(event: { key: string; shiftKey: boolean; nativeEvent?: { isComposing?: boolean } }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent?.isComposing;
}
