import type { GateKey } from '@lynk/contract/permissions';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import type { ListingPrefetch } from '@/components/data-table/listing-prefetch';
import { CenteredLoader } from '@/components/centered-loader';
import { WALLET_TABS, type WalletKind, type WalletTab } from '@/features/wallet/tabs';
import { NOTIFICATION_TABS } from '@/features/notifications/tabs';
import { accountsQueryOptions } from '@/features/accounts/api/get-accounts';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { resolvePathTarget } from '@/lib/location-org';
import { AuthGuard } from './guards/auth-guard';
import { CbdcGate } from './guards/cbdc-gate';
import { CorporateGate } from './guards/corporate-gate';
import { OrganizationScope } from './guards/organization-scope';
import { lazyRoute } from './lazy-page';
import { listingPrefetch } from './listing-prefetch';
import { NotFoundRoute } from './routes/not-found';
import { RootRoute, type RouteHandle } from './routes/root';
import { RouteError } from './routes/route-error';
import { APP_TEXTS } from './texts';

/** Each page's chunk, loaded by the router with the other chunks the URL needs (see lazyRoute). */
const corporateDashboard = () => import('@/features/corporate/components/corporate-dashboard');
const branchAccountsPane = () => import('@/features/corporate/components/branch-accounts-pane');
const walletDashboard = () => import('@/features/wallet/components/wallet-dashboard');
const walletTabRoutesModule = () => import('@/features/wallet/components/wallet-tab-routes');
const paymentHistoryPane = () => import('@/features/batches/components/payment-history-pane');
const batchReviewRoute = () => import('@/features/batches/components/batch-review-route');
const transfersHistoryPane = () => import('@/features/wallet/components/transfers-history-pane');
const cbdcPaymentsPane = () => import('@/features/wallet/components/cbdc-payments-pane');
const ordersPane = () => import('@/features/orders/components/orders-pane');
const refundsPane = () => import('@/features/orders/components/refunds-pane');
const staffPage = () => import('@/features/staff/components/staff-page');
const staffTable = () => import('@/features/staff/components/staff-table');
const auditLogPage = () => import('@/features/audit-log/components/audit-log-page');
const cashUpPage = () => import('@/features/cash-up/components/cash-up-page');
const shiftDetailPage = () => import('@/features/cash-up/components/shift-detail-page');
const analyticsPage = () => import('@/features/analytics/components/analytics-page');
const notificationsPage = () => import('@/features/notifications/components/notifications-page');
const notificationsPane = () => import('@/features/notifications/components/notifications-pane');
const notificationSettingsPage = () =>
  import('@/features/notifications/components/notification-settings-page');
const profilePage = () => import('@/features/profile/components/profile-page');
const supportPage = () => import('@/features/support/components/support-page');
const appLayout = () => import('./layout/app-layout');
/** The customer's pay page: its own chunk, none of the staff portal's. */
const payPage = () => import('@/features/pay/components/pay-page');

/**
 * The session, then the profile and accounts of its organisation (OrganizationScope's queries,
 * keyed by the session's organisation, never by the address). A failure is left to the guard and
 * the scope, which ask again and show it.
 */
async function prefetchOrganization(queryClient: QueryClient) {
  try {
    const session = await queryClient.fetchQuery(sessionQueryOptions());
    void queryClient.prefetchQuery(profileQueryOptions(session.org_id));
    void queryClient.prefetchQuery(accountsQueryOptions(session.org_id));
  } catch {
    // Not signed in, or the session could not be read: AuthGuard deals with it.
  }
}

/** Any path below a known one that matches nothing: the not-found page (see RootRoute). */
const notFound: RouteObject = {
  path: '*',
  handle: { notFound: true } satisfies RouteHandle,
  element: <NotFoundRoute />,
};

/**
 * A page's table (a wallet tab's, the staff page's, a notifications tab's), its first page asked
 * for with its code (listingPrefetch) if the user may see it (`gate`; null: every signed-in user).
 * The page above it renders without waiting for the table's chunks (its heading is the page's
 * largest paint).
 */
function listingPane<Module>(
  queryClient: QueryClient,
  gate: GateKey | null,
  load: () => Promise<Module>,
  render: (module: Module) => ReactNode,
  prefetch: (module: Module, context: ListingPrefetch) => Promise<void>,
): RouteObject {
  return {
    index: true,
    ...lazyRoute(load, render, {
      renderWhenLoaded: true,
      prefetch: listingPrefetch(queryClient, gate, prefetch),
    }),
  };
}

/** The table of a tab. */
function walletTabContent(queryClient: QueryClient, wallet: WalletKind, tab: WalletTab): RouteObject[] {
  const pane = <Module,>(
    load: () => Promise<Module>,
    render: (module: Module) => ReactNode,
    prefetch: (module: Module, context: ListingPrefetch) => Promise<void>,
  ) => [listingPane(queryClient, tab.gate, load, render, prefetch)];
  if (tab.value === 'transfers-history')
    return pane(
      transfersHistoryPane,
      (m) => <m.TransfersHistoryPane wallet={wallet} />,
      (m, context) => m.prefetchFirstPage(context, wallet),
    );
  if (wallet === 'cbdc' && tab.value === 'payments')
    return pane(
      cbdcPaymentsPane,
      (m) => <m.CbdcPaymentsPane />,
      // Its rows are asked for by the CBDC account's reference: the organisation's accounts first.
      async (m, context) =>
        m.prefetchFirstPage(context, await context.client.fetchQuery(accountsQueryOptions(context.orgId))),
    );
  if (wallet === 'main' && tab.value === 'orders')
    return pane(
      ordersPane,
      (m) => <m.OrdersPane />,
      (m, context) => m.prefetchFirstPage(context),
    );
  if (wallet === 'main' && tab.value === 'refunds')
    return pane(
      refundsPane,
      (m) => <m.RefundsPane />,
      (m, context) => m.prefetchFirstPage(context),
    );
  if (wallet === 'main' && tab.value === 'payment-history')
    return pane(
      paymentHistoryPane,
      (m) => <m.PaymentHistoryPane />,
      (m, context) => m.prefetchFirstPage(context),
    );
  return [];
}

function walletTabRoutes(queryClient: QueryClient, wallet: WalletKind): RouteObject[] {
  return [
    { index: true, ...lazyRoute(walletTabRoutesModule, (m) => <m.FirstWalletTab wallet={wallet} />) },
    ...WALLET_TABS[wallet].map((tab): RouteObject => ({
      path: tab.value,
      ...lazyRoute(walletTabRoutesModule, (m) => <m.WalletTabRoute wallet={wallet} tab={tab.value} />),
      children: [
        ...walletTabContent(queryClient, wallet, tab),
        ...(wallet === 'main' && tab.value === 'payment-history'
          ? [{ path: 'review/:id', ...lazyRoute(batchReviewRoute, (m) => <m.BatchReviewRoute />) }]
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
 *   /audit-log               corporate audit log: every branch's rows (or → /{org}/audit-log)
 *   /analytics               corporate analytics: the chain and each branch (or → /{org}/analytics)
 *   /profile, /support       My Profile, Customer Support
 *   /:org                    → lynk-wallet
 *   /:org/lynk-wallet/:tab   orders | transfers-history | refunds | payment-history[/review/:id]
 *   /:org/jamdex-wallet/:tab payments | transfers-history (→ / without a CBDC account)
 *   /:org/staff
 *   /:org/audit-log          the organisation's audit log (admins, ADR 043)
 *   /:org/cash-up[/:id]      the cashier's cash-up: the open shift, past shifts, one shift
 *   /:org/analytics          the merchant's figures for a period and the one before
 *   /:org/notifications/:tab all | transaction | batch-payment (index → all)
 *   /:org/notifications/settings
 *   /<…wallet…>/…            "Building!" placeholder when the first segment contains "wallet" (RootRoute)
 *   anything else            not-found page
 */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  const staffTableRoute = (corporate: boolean) =>
    listingPane(
      queryClient,
      'staffMenu',
      staffTable,
      (m) => <m.StaffTable corporate={corporate} />,
      (m, context) => m.prefetchFirstPage(context),
    );
  return [
    {
      path: '/',
      element: <RootRoute />,
      // While the first page's chunks download.
      hydrateFallbackElement: <CenteredLoader fullPage label={APP_TEXTS.loading} />,
      errorElement: <RouteError />,
      children: [
        {
          element: <AuthGuard />,
          // A portal page's session is asked for while its chunks download, not after them, and
          // with it the organisation's profile and accounts every page waits for (the "Building!"
          // placeholder and unknown paths never ask: see RootRoute).
          loader: ({ request }) => {
            const url = new URL(request.url);
            if (resolvePathTarget(url.pathname, url.search).kind === 'app') {
              void prefetchOrganization(queryClient);
            }
            return null;
          },
          shouldRevalidate: () => false,
          children: [
            {
              element: <OrganizationScope />,
              children: [
                {
                  ...lazyRoute(appLayout, (m) => <m.AppLayout />),
                  children: [
                    {
                      element: <CorporateGate />,
                      children: [
                        {
                          ...lazyRoute(corporateDashboard, (m) => <m.CorporateDashboard />),
                          children: [
                            {
                              index: true,
                              ...lazyRoute(branchAccountsPane, (m) => <m.BranchAccountsPane />),
                            },
                            {
                              path: 'staff',
                              ...lazyRoute(staffPage, (m) => <m.StaffPage context="corporate" />),
                              children: [staffTableRoute(true)],
                            },
                            {
                              path: 'audit-log',
                              ...lazyRoute(auditLogPage, (m) => <m.AuditLogPage context="corporate" />),
                            },
                          ],
                        },
                        { path: 'analytics', ...lazyRoute(analyticsPage, (m) => <m.ChainAnalyticsPage />) },
                      ],
                    },
                    { path: 'profile', ...lazyRoute(profilePage, (m) => <m.ProfilePage />) },
                    { path: 'support', ...lazyRoute(supportPage, (m) => <m.SupportPage />) },
                    {
                      path: ':org',
                      children: [
                        { index: true, element: <Navigate to="lynk-wallet" replace /> },
                        {
                          path: 'lynk-wallet',
                          ...lazyRoute(walletDashboard, (m) => <m.WalletDashboard wallet="main" />),
                          children: walletTabRoutes(queryClient, 'main'),
                        },
                        {
                          path: 'jamdex-wallet',
                          ...lazyRoute(walletDashboard, (m) => (
                            <CbdcGate>
                              <m.WalletDashboard wallet="cbdc" />
                            </CbdcGate>
                          )),
                          children: walletTabRoutes(queryClient, 'cbdc'),
                        },
                        {
                          path: 'staff',
                          ...lazyRoute(staffPage, (m) => <m.StaffPage context="organization" />),
                          children: [staffTableRoute(false)],
                        },
                        {
                          path: 'audit-log',
                          ...lazyRoute(auditLogPage, (m) => <m.AuditLogPage context="organization" />),
                        },
                        { path: 'cash-up', ...lazyRoute(cashUpPage, (m) => <m.CashUpPage />) },
                        { path: 'cash-up/:id', ...lazyRoute(shiftDetailPage, (m) => <m.ShiftDetailPage />) },
                        { path: 'analytics', ...lazyRoute(analyticsPage, (m) => <m.AnalyticsPage />) },
                        {
                          path: 'notifications',
                          ...lazyRoute(notificationsPage, (m) => <m.NotificationsPage />),
                          children: [
                            { index: true, element: <Navigate to="all" replace /> },
                            ...NOTIFICATION_TABS.map((tab): RouteObject => ({
                              path: tab.value,
                              ...lazyRoute(notificationsPage, (m) => (
                                <m.NotificationsTabRoute tab={tab.value} />
                              )),
                              children: [
                                listingPane(
                                  queryClient,
                                  tab.value === 'all' ? null : 'notificationTabs',
                                  notificationsPane,
                                  (m) => <m.NotificationsPane tab={tab.value} />,
                                  (m, context) => m.prefetchFirstPage(context, tab.value),
                                ),
                              ],
                            })),
                            notFound,
                          ],
                        },
                        {
                          path: 'notifications/settings',
                          ...lazyRoute(notificationSettingsPage, (m) => <m.NotificationSettingsPage />),
                        },
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
      ...lazyRoute(payPage, (m) => <m.PayPage />),
      hydrateFallbackElement: <CenteredLoader fullPage label={APP_TEXTS.loading} />,
      errorElement: <RouteError />,
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
