// The route table, with the histories of a case and a track, the notifications page, plus the public certificate and proof bundle verification pages, the royalty
// invitation page, the support queue, the account's settings, the page an e-mail confirmation link opens, the streaming waiting list and its confirmation page, and the legal documents' addresses. Every route sits under the root layout, which waits for the current user and
// hosts the app-wide dialogs, inside the shell through which any screen changes the dashboard tab.
import { useState } from 'react';
import { createBrowserRouter, RouterProvider, useNavigate, type RouteObject } from 'react-router-dom';
import { FullScreenMessage } from '../components/ui/full-screen-message';
import { ChangeTabContext, dashboardTabPath, type DashboardTab } from '../lib/dashboard-tabs';
import { CheckoutRoute } from './routes/checkout';
import { dashboardLoader, DashboardRoute } from './routes/dashboard';
import { LicensingMarketplaceRoute } from './routes/licensing-marketplace';
import { NotFoundRoute } from './routes/not-found';
import { OperationsRoute } from './routes/operations';
import { ProofExplorerRoute } from './routes/proof-explorer';
import { RightsRegistryRoute } from './routes/rights-registry';
import { RootLayout } from './routes/root';
import { RoyaltyInvitationRoute } from './routes/royalty-invitation';
import { SubscribeRoute } from './routes/subscribe';
import { SettingsRoute } from './routes/settings';
import { ConfirmEmailRoute } from './routes/confirm-email';
import { ResetPasswordRoute } from './routes/reset-password';
import { StreamingConfirmRoute, StreamingRoute } from './routes/streaming';
import { BundleVerifyRoute, VerifyRoute } from './routes/verify';

/** A tab change is a navigation to the tab's address: a history entry, no reload. */
function TabNavigationShell() {
  const navigate = useNavigate();
  const changeTab = (tab: DashboardTab) => void navigate(dashboardTabPath(tab));
  return (
    <ChangeTabContext value={changeTab}>
      <RootLayout />
    </ChangeTabContext>
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: <TabNavigationShell />,
    // Shown while a lazily loaded page (below) arrives on a first visit.
    hydrateFallbackElement: <FullScreenMessage title="Loading" busy />,
    children: [
      { path: '/', element: <DashboardRoute />, loader: dashboardLoader },
      { path: '/dashboard', element: <DashboardRoute />, loader: dashboardLoader },
      { path: '/dashboard/:tab', element: <DashboardRoute /> },
      // A legal document's own address: its dialog (in the root layout) over the dashboard.
      { path: '/legal/:id', element: <DashboardRoute /> },
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/subscribe', element: <SubscribeRoute /> },
      { path: '/rights-registry', element: <RightsRegistryRoute /> },
      { path: '/proof-explorer', element: <ProofExplorerRoute /> },
      { path: '/licensing-marketplace', element: <LicensingMarketplaceRoute /> },
      // Loaded on first visit: the dispute screens and the time-travel views are their own chunk.
      { path: '/dispute-management', lazy: async () => ({ Component: (await import('./routes/dispute-management')).DisputeManagementRoute }) },
      { path: '/dispute-management/:id/history', lazy: async () => ({ Component: (await import('./routes/dispute-management')).DisputeHistoryRoute }) },
      { path: '/notifications', lazy: async () => ({ Component: (await import('./routes/notifications')).NotificationsRoute }) },
      { path: '/tracks/:id/history', lazy: async () => ({ Component: (await import('./routes/track-history')).TrackHistoryRoute }) },
      { path: '/operations', element: <OperationsRoute /> },
      { path: '/references', lazy: async () => ({ Component: (await import('./routes/references')).ReferencesRoute }) },
      { path: '/support/queue', lazy: async () => ({ Component: (await import('./routes/support-queue')).SupportQueueRoute }) },
      { path: '/references/holds', lazy: async () => ({ Component: (await import('./routes/reference-holds')).ReferenceHoldsRoute }) },
      { path: '/verify', element: <BundleVerifyRoute /> },
      { path: '/verify/:certificateId', element: <VerifyRoute /> },
      { path: '/royalty-invitation/:token', element: <RoyaltyInvitationRoute /> },
      { path: '/settings', element: <SettingsRoute /> },
      { path: '/confirm-email', element: <ConfirmEmailRoute /> },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      { path: '/streaming', element: <StreamingRoute /> },
      { path: '/streaming/confirm', element: <StreamingConfirmRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRouter() {
  // Made on first render rather than on import, so the route table can be imported where there is no browser.
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return <RouterProvider router={router} />;
}
