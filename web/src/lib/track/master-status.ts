// The master status badge: the label for landrMasterStatus, prefixed 'GOOSE: '.

export type MasterBadgeSeverity = 'success' | 'warning' | 'danger' | 'secondary';

export function masterStatusBadge(status: string): { label: string; severity: MasterBadgeSeverity } {
  switch (status) {
    case 'processing':
    case 'mastering':
      return { label: 'GOOSE: Processing', severity: 'warning' };
    case 'completed':
    case 'mastered':
      return { label: 'GOOSE: Complete', severity: 'success' };
    case 'failed':
      return { label: 'GOOSE: Failed', severity: 'danger' };
    case 'expired':
      return { label: 'GOOSE: Expired', severity: 'secondary' };
    default:
      return { label: `GOOSE: ${status}`, severity: 'secondary' };
  }
}
