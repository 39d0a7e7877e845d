// The frame of the full pages outside the dashboard: a slim header with the brand, for a signed-in
// user the notification bell and the token balance (as on the dashboard), and a way back.
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TokenBalanceWidget } from '../../components/tokens/token-balance-widget';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useCurrentUser } from '../../lib/auth';

export function PageFrame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  return (
    <div className="page-frame">
      <header className="app-header">
        <Link className="brand" to="/" aria-label="GOOSE home">
          <span className="brand-mark gradient-text">GOOSE</span>
          <span className="brand-tagline">Create · Protect · Distribute</span>
        </Link>
        <div className="app-header__actions">
          {user && <NotificationBell key={user.id} />}
          {user && <TokenBalanceWidget key={`balance-${user.id}`} user={user} />}
          <Button className="page-frame__back" label="Dashboard" icon="pi pi-arrow-left" text onClick={() => navigate('/')} />
        </div>
      </header>
      <main className="page-frame__main">{children}</main>
    </div>
  );
}
