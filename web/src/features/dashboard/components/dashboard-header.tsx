// The dashboard header: FAQ icon; signed in, the developer API icon, the notification bell (given
// by the route, as the notifications feature is not the dashboard's), token balance, the round
// pricing plans button, greeting and account menu (with the support queue for support users);
// signed out, one icon that offers sign up or log in. On a phone a menu button before the brand
// opens the drawer that holds the rail's sections and the workflow progress.
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { User } from '../../../../../domain/contracts/auth';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { openLogin, openPricing, openSignup } from '../../../lib/app-events';
import { useLogout } from '../../../lib/auth';
import { useRoles } from '../../../lib/use-roles';
import type { DashboardTab } from '../../../lib/dashboard-tabs';
import { TokenBalanceWidget } from '../../../components/tokens/token-balance-widget';

/** The account menu's links: dashboard tabs, and pages of their own (Settings, at /settings). */
export const ACCOUNT_MENU_LINKS: readonly ({ label: string; icon: string } & ({ tab: DashboardTab } | { path: string }))[] = [
  { label: 'My Distributions', icon: 'pi pi-send', tab: 'distributions' },
  { label: 'Smart Contracts', icon: 'pi pi-file-edit', tab: 'smart-contracts' },
  { label: 'Earnings & Analytics', icon: 'pi pi-chart-bar', tab: 'analytics' },
  { label: 'Settings', icon: 'pi pi-cog', path: '/settings' },
];

interface DashboardHeaderProps {
  user: User | null;
  onSelectTab(tab: DashboardTab): void;
  /** The notification bell, shown to a signed-in user. */
  notifications?: ReactNode;
  /** On a phone: the menu drawer's state, its element's id, the menu button's id and how to open it. */
  menu?: { open: boolean; controls: string; buttonId: string; onOpen(): void };
}

export function DashboardHeader({ user, onSelectTab, notifications, menu }: DashboardHeaderProps) {
  return (
    <header className="app-header">
      <div className="app-header__start">
        {menu && (
          <Button
            id={menu.buttonId}
            icon="pi pi-bars"
            rounded
            text
            className="app-header__menu-button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menu.open}
            aria-controls={menu.open ? menu.controls : undefined}
            onClick={menu.onOpen}
          />
        )}
        <Link className="brand" to="/" aria-label="GOOSE home">
          <span className="brand-mark gradient-text">GOOSE</span>
          <span className="brand-tagline">Create · Protect · Distribute</span>
        </Link>
      </div>
      <div className="app-header__actions">
        <Button
          icon="pi pi-question-circle"
          rounded
          text
          aria-label="FAQ"
          tooltip="FAQ"
          tooltipOptions={{ position: 'bottom' }}
          onClick={() => onSelectTab('faq')}
        />
        {user ? <SignedInActions user={user} onSelectTab={onSelectTab} notifications={notifications} phone={menu !== undefined} /> : <SignedOutActions />}
      </div>
    </header>
  );
}

interface SignedInActionsProps {
  user: User;
  onSelectTab(tab: DashboardTab): void;
  notifications?: ReactNode;
  /** A phone's header has no room for the pricing plans button: the account menu offers them. */
  phone: boolean;
}

function SignedInActions({ user, onSelectTab, notifications, phone }: SignedInActionsProps) {
  const menuRef = useRef<Menu>(null);
  const toast = useToast();
  const logout = useLogout();
  const navigate = useNavigate();
  const { has } = useRoles();

  const items: MenuItem[] = [
    ...ACCOUNT_MENU_LINKS.map((link) => ({
      label: link.label,
      icon: link.icon,
      command: () => ('tab' in link ? onSelectTab(link.tab) : void navigate(link.path)),
    })),
    ...(has('support') ? [{ label: 'Support queue', icon: 'pi pi-inbox', command: () => void navigate('/support/queue') }] : []),
    ...(has('rights_holder') ? [{ label: 'Reference catalogue', icon: 'pi pi-database', command: () => void navigate('/references') }] : []),
    ...(has('rights_holder') ? [{ label: 'Holds on your references', icon: 'pi pi-shield', command: () => void navigate('/references/holds') }] : []),
    ...(phone ? [{ label: 'Pricing plans', icon: 'pi pi-tags', command: () => openPricing() }] : []),
    { separator: true },
    {
      label: 'Logout',
      icon: 'pi pi-sign-out',
      command: () =>
        logout.mutate(undefined, {
          onSuccess: () => toast.show({ severity: 'success', summary: 'Logged out', detail: 'You have been logged out successfully' }),
          onError: (error) => toast.show({ severity: 'error', summary: 'Logout failed', detail: errorMessage(error, 'Could not log out') }),
        }),
    },
  ];

  return (
    <>
      <Button
        icon="pi pi-code"
        rounded
        text
        aria-label="Developer API"
        tooltip="Developer API"
        tooltipOptions={{ position: 'bottom' }}
        onClick={() => onSelectTab('developer')}
      />
      {notifications}
      <TokenBalanceWidget user={user} />
      {!phone && (
        <Button
          icon="pi pi-tags"
          rounded
          severity="help"
          className="pricing-plans-button"
          aria-label="Pricing plans"
          tooltip="Pricing plans"
          tooltipOptions={{ position: 'bottom' }}
          onClick={() => openPricing()}
        />
      )}
      <span className="greeting">
        Hello, <strong>{user.username}</strong>
      </span>
      <Menu model={items} popup ref={menuRef} id="user-menu" className="user-menu" aria-label="Account" />
      <Button
        className="user-menu-button"
        text
        rounded
        aria-label="Account menu"
        aria-controls="user-menu"
        aria-haspopup
        onClick={(event) => menuRef.current?.toggle(event)}
      >
        <Avatar label={user.username.slice(0, 1).toUpperCase()} shape="circle" className="user-avatar" />
        <i className="pi pi-angle-down" aria-hidden="true" />
      </Button>
    </>
  );
}

function SignedOutActions() {
  const menuRef = useRef<Menu>(null);
  const items: MenuItem[] = [
    { label: 'Sign Up', icon: 'pi pi-user-plus', command: openSignup },
    { label: 'Log In', icon: 'pi pi-sign-in', command: openLogin },
  ];
  return (
    <>
      <Menu model={items} popup ref={menuRef} id="auth-menu" aria-label="Sign up or log in" />
      <Button
        icon="pi pi-user"
        rounded
        outlined
        aria-label="Sign up or log in"
        tooltip="Sign up or log in"
        tooltipOptions={{ position: 'bottom' }}
        aria-controls="auth-menu"
        aria-haspopup
        onClick={(event) => menuRef.current?.toggle(event)}
      />
    </>
  );
}
