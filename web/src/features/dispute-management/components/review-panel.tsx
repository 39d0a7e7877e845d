// Placeholder at the path agreed with helper `review`, who builds the real panel (both works side by
// side with players, the matched passages, Clear / Refuse); their file replaces this one on merge.
import { Message } from 'primereact/message';
import type { Dispute } from '../../../../../domain/contracts/disputes';

export function ReviewPanel({ dispute }: { dispute: Dispute }) {
  return <Message severity="info" text={`Review of the held track for ${dispute.workTitle}: the side-by-side review is not available in this build yet.`} />;
}
