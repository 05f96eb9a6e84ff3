import { Suspense } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { WALLET_TABS, type WalletKind, type WalletTab } from '@/features/wallet/tabs';
import { NOTIFICATION_TABS } from '@/features/notifications/tabs';
import { AuthGuard } from './guards/auth-guard';
import { CbdcGate } from './guards/cbdc-gate';
import { CorporateGate } from './guards/corporate-gate';
import { OrganisationScope } from './guards/organisation-scope';
import { LazyAppLayout } from './layout/lazy-app-layout';
import { lazyPage } from './lazy-page';
import { NotFoundRoute } from './routes/not-found';
import { RootRoute, type RouteHandle } from './routes/root';
import { RouteError } from './routes/route-error';
import { APP_TEXTS } from './texts';

const CorporateDashboard = lazyPage(() =>
  import('@/features/corporate/components/corporate-dashboard').then((m) => m.CorporateDashboard),
);
const BranchAccountsPane = lazyPage(() =>
  import('@/features/corporate/components/branch-accounts-pane').then((m) => m.BranchAccountsPane),
);
const WalletDashboard = lazyPage(() =>
  import('@/features/wallet/components/wallet-dashboard').then((m) => m.WalletDashboard),
);
const FirstWalletTab = lazyPage(() =>
  import('@/features/wallet/components/wallet-tab-routes').then((m) => m.FirstWalletTab),
);
const WalletTabRoute = lazyPage(() =>
  import('@/features/wallet/components/wallet-tab-routes').then((m) => m.WalletTabRoute),
);
const PaymentHistoryPane = lazyPage(() =>
  import('@/features/batches/components/payment-history-pane').then((m) => m.PaymentHistoryPane),
);
const BatchReviewRoute = lazyPage(() =>
  import('@/features/batches/components/batch-review-route').then((m) => m.BatchReviewRoute),
);
const TransfersHistoryPane = lazyPage(() =>
  import('@/features/wallet/components/transfers-history-pane').then((m) => m.TransfersHistoryPane),
);
const CbdcPaymentsPane = lazyPage(() =>
  import('@/features/wallet/components/cbdc-payments-pane').then((m) => m.CbdcPaymentsPane),
);
const OrdersPane = lazyPage(() =>
  import('@/features/orders/components/orders-pane').then((m) => m.OrdersPane),
);
const RefundsPane = lazyPage(() =>
  import('@/features/orders/components/refunds-pane').then((m) => m.RefundsPane),
);
const StaffPage = lazyPage(() => import('@/features/staff/components/staff-page').then((m) => m.StaffPage));
const NotificationsPage = lazyPage(() =>
  import('@/features/notifications/components/notifications-page').then((m) => m.NotificationsPage),
);
const NotificationsTabRoute = lazyPage(() =>
  import('@/features/notifications/components/notifications-page').then((m) => m.NotificationsTabRoute),
);
const NotificationSettingsPage = lazyPage(() =>
  import('@/features/notifications/components/notification-settings-page').then(
    (m) => m.NotificationSettingsPage,
  ),
);
const ProfilePage = lazyPage(() =>
  import('@/features/profile/components/profile-page').then((m) => m.ProfilePage),
);
const SupportPage = lazyPage(() =>
  import('@/features/support/components/support-page').then((m) => m.SupportPage),
);
/** The customer's pay page: its own chunk, none of the staff portal's. */
const PayPage = lazyPage(() => import('@/features/pay/components/pay-page').then((m) => m.PayPage));

/** Any path below a known one that matches nothing: the not-found page (see RootRoute). */
const notFound: RouteObject = {
  path: '*',
  handle: { notFound: true } satisfies RouteHandle,
  element: <NotFoundRoute />,
};

/** The table of a tab. */
function walletTabContent(wallet: WalletKind, tab: WalletTab): RouteObject[] {
  if (tab.value === 'transfers-history')
    return [{ index: true, element: <TransfersHistoryPane wallet={wallet} /> }];
  if (wallet === 'cbdc' && tab.value === 'payments') return [{ index: true, element: <CbdcPaymentsPane /> }];
  if (wallet === 'main' && tab.value === 'orders') return [{ index: true, element: <OrdersPane /> }];
  if (wallet === 'main' && tab.value === 'refunds') return [{ index: true, element: <RefundsPane /> }];
  if (wallet === 'main' && tab.value === 'payment-history')
    return [{ index: true, element: <PaymentHistoryPane /> }];
  return [];
}

function walletTabRoutes(wallet: WalletKind): RouteObject[] {
  return [
    { index: true, element: <FirstWalletTab wallet={wallet} /> },
    ...WALLET_TABS[wallet].map((tab): RouteObject => ({
      path: tab.value,
      element: <WalletTabRoute wallet={wallet} tab={tab.value} />,
      children: [
        ...walletTabContent(wallet, tab),
        ...(wallet === 'main' && tab.value === 'payment-history'
          ? [{ path: 'review/:id', element: <BatchReviewRoute /> }]
          : []),
        notFound,
      ],
    })),
    notFound,
  ];
}

/**
 * The route tree (spec section 2):
 *
 *   /                        corporate dashboard (super admin of a parent organisation) or → /{org}
 *   /staff                   corporate staff page (or → /{org}/staff)
 *   /profile, /support       My Profile, Customer Support
 *   /:org                    → lynk-wallet
 *   /:org/lynk-wallet/:tab   orders | transfers-history | refunds | payment-history[/review/:id]
 *   /:org/jamdex-wallet/:tab payments | transfers-history (→ / without a CBDC account)
 *   /:org/staff
 *   /:org/notifications/:tab all | transaction | batch-payment (index → all)
 *   /:org/notifications/settings
 *   /<…wallet…>/…            "Building!" placeholder when the first segment contains "wallet" (RootRoute)
 *   anything else            not-found page
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootRoute />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AuthGuard />,
        children: [
          {
            element: <OrganisationScope />,
            children: [
              {
                element: <LazyAppLayout />,
                children: [
                  {
                    element: <CorporateGate />,
                    children: [
                      {
                        element: <CorporateDashboard />,
                        children: [
                          { index: true, element: <BranchAccountsPane /> },
                          { path: 'staff', element: <StaffPage context="corporate" /> },
                        ],
                      },
                    ],
                  },
                  { path: 'profile', element: <ProfilePage /> },
                  { path: 'support', element: <SupportPage /> },
                  {
                    path: ':org',
                    children: [
                      { index: true, element: <Navigate to="lynk-wallet" replace /> },
                      {
                        path: 'lynk-wallet',
                        element: <WalletDashboard wallet="main" />,
                        children: walletTabRoutes('main'),
                      },
                      {
                        path: 'jamdex-wallet',
                        element: (
                          <CbdcGate>
                            <WalletDashboard wallet="cbdc" />
                          </CbdcGate>
                        ),
                        children: walletTabRoutes('cbdc'),
                      },
                      { path: 'staff', element: <StaffPage context="organisation" /> },
                      {
                        path: 'notifications',
                        element: <NotificationsPage />,
                        children: [
                          { index: true, element: <Navigate to="all" replace /> },
                          ...NOTIFICATION_TABS.map((tab): RouteObject => ({
                            path: tab.value,
                            element: <NotificationsTabRoute tab={tab.value} />,
                          })),
                          notFound,
                        ],
                      },
                      { path: 'notifications/settings', element: <NotificationSettingsPage /> },
                      notFound,
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      notFound,
    ],
  },
  // The customer's pay page: no staff session, no organisation, none of the root route's checks.
  {
    path: '/pay/:code',
    element: (
      <Suspense fallback={<CenteredLoader fullPage label={APP_TEXTS.loading} />}>
        <PayPage />
      </Suspense>
    ),
    errorElement: <RouteError />,
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
