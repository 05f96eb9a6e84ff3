import { Button } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { PageHeader } from '@/components/page-header';
import { RouteTabs } from '@/components/route-tabs';
import { pathUpTo } from '@/lib/location-org';
import { organizationPaths, useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { NOTIFICATION_TEXTS } from '../texts';
import { NOTIFICATION_TABS, type NotificationTab } from '../tabs';

/**
 * Spec section 2, "Notifications": breadcrumb Dashboard > Notifications, the title
 * "Notifications History", a Settings link, a back arrow to the wallet and the group tabs
 * (shown with batch-payments read); each tab lists its group's notifications.
 */
export function NotificationsPage() {
  const { segment } = useOrganization();
  const paths = organizationPaths(segment);
  const { pathname } = useLocation();
  const withTabs = useCan('notificationTabs');
  const current = pathname.split('/').filter(Boolean)[2] ?? null;
  const base = pathUpTo(pathname, 'notifications') ?? paths.notifications;
  const active = NOTIFICATION_TABS.find((tab) => tab.value === current)?.value ?? null;

  return (
    <div data-testid="notifications-page">
      <PageHeader
        title={NOTIFICATION_TEXTS.title}
        breadcrumbs={[
          { label: NOTIFICATION_TEXTS.dashboard, to: paths.mainWallet },
          { label: NOTIFICATION_TEXTS.breadcrumb },
        ]}
        back={{ to: paths.mainWallet, label: NOTIFICATION_TEXTS.back }}
        actions={
          <Button
            component={Link}
            to={paths.notificationSettings}
            variant="default"
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            {NOTIFICATION_TEXTS.settings}
          </Button>
        }
      />
      {withTabs ? (
        <RouteTabs
          label={NOTIFICATION_TEXTS.tabsLabel}
          tabs={NOTIFICATION_TABS.map((tab) => ({
            value: tab.value,
            label: tab.label,
            to: `${base}/${tab.value}`,
          }))}
          value={active}
        >
          <Outlet />
        </RouteTabs>
      ) : (
        <Outlet />
      )}
    </div>
  );
}

/** One group's pane (its table, a child route); without the tabs' permission only "all" is available. */
export function NotificationsTabRoute({ tab }: { tab: NotificationTab }) {
  const withTabs = useCan('notificationTabs');
  if (!withTabs && tab !== 'all') return <Navigate to="../all" replace />;
  return (
    <Suspense fallback={<CenteredLoader label={NOTIFICATION_TEXTS.loading} />}>
      <Outlet />
    </Suspense>
  );
}
