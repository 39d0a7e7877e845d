// The master status badge, or a plain note when the track has never been mastered.
import { Tag } from 'primereact/tag';
import { masterStatusBadge } from '../../lib/track/master-status';

export function MasterStatusBadge({ status }: { status: string | null }) {
  if (!status) return <Tag value="Not mastered yet" severity="secondary" aria-label="Master status: not mastered yet" />;
  const badge = masterStatusBadge(status);
  return <Tag value={badge.label} severity={badge.severity} aria-label={`Master status: ${badge.label}`} />;
}
