// How the reference catalogue reads: a delivery's progress and each recording's status.
import type { ReferenceDelivery, ReferenceRecordingStatus } from '../../../../domain/contracts/references';

export const RECORDING_STATUS_LABELS: Record<ReferenceRecordingStatus, string> = {
  pending: 'Waiting',
  indexed: 'Indexed',
  failed: 'Failed',
  removed: 'Removed',
};

export function deliveryProgressLabel(delivery: ReferenceDelivery): string {
  const processed = delivery.indexed + delivery.failed;
  const failures = delivery.failed > 0 ? `, ${delivery.failed} failed` : '';
  if (delivery.status === 'completed') return `Finished: ${delivery.indexed} of ${delivery.total} indexed${failures}`;
  return `Indexing: ${processed} of ${delivery.total} processed${failures}`;
}

export function deliveryPercent(delivery: ReferenceDelivery): number {
  return delivery.total === 0 ? 100 : Math.round((100 * (delivery.indexed + delivery.failed)) / delivery.total);
}

export function deliverySource(delivery: ReferenceDelivery): string {
  return delivery.via === 'sftp' ? `From the SFTP folder ${delivery.folder ?? ''}` : 'Uploaded';
}

export const CSV_EXAMPLE = 'file,title,artist,isrc,owner,territories\nnight-drive.wav,Night Drive,Ana Lima,GB-AYE-26-00001,Lima Records,worldwide\nday-walk.flac,Day Walk,Ana Lima,GBAYE2600002,Lima Records,GB;IE';
