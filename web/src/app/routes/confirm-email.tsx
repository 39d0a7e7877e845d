// The page an e-mail confirmation mail links to, /confirm-email?token=…: anyone holding the link
// may confirm (it may be opened on another device than the one signed in).
import { useSearchParams } from 'react-router-dom';
import { ConfirmEmailPanel } from '../../features/settings/components/confirm-email-panel';
import { PageFrame } from './page-frame';

export function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <PageFrame>
      <ConfirmEmailPanel key={token} token={token} />
    </PageFrame>
  );
}
