// The page a password reset mail links to, /reset-password?token=…: whoever holds the link may set
// the account's new password, signed in or not.
import { useSearchParams } from 'react-router-dom';
import { ResetPasswordPanel } from '../../features/auth/components/reset-password-panel';
import { PageFrame } from './page-frame';

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <PageFrame>
      <ResetPasswordPanel key={token} token={token} />
    </PageFrame>
  );
}
