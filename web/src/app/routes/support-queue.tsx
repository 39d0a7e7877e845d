// /support/queue: the support users' queue of tickets, with the ticket picked beside it.
import { SupportQueuePage } from '../../features/support-centre/components/support-queue-page';
import { PageFrame } from './page-frame';

export function SupportQueueRoute() {
  return (
    <PageFrame>
      <SupportQueuePage />
    </PageFrame>
  );
}
