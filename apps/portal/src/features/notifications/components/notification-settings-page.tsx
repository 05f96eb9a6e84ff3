import { NotAvailableYet } from '@/components/not-available-yet';
import { PageHeader } from '@/components/page-header';
import { organisationPaths, useOrganisation } from '@/lib/organisation';
import { NOTIFICATION_TEXTS } from '../texts';

/**
 * Spec section 2: notifications/settings, breadcrumb Dashboard > Notifications > Settings.
 * Until the notifications API lands (toggles, low-balance threshold), the page says so.
 */
export function NotificationSettingsPage() {
  const { segment } = useOrganisation();
  const paths = organisationPaths(segment);
  return (
    <div data-testid="notification-settings-page">
      <PageHeader
        title={NOTIFICATION_TEXTS.settingsTitle}
        breadcrumbs={[
          { label: NOTIFICATION_TEXTS.dashboard, to: paths.mainWallet },
          { label: NOTIFICATION_TEXTS.breadcrumb, to: paths.notifications },
          { label: NOTIFICATION_TEXTS.settings },
        ]}
        back={{ to: paths.notifications, label: NOTIFICATION_TEXTS.back }}
      />
      <NotAvailableYet what={NOTIFICATION_TEXTS.notificationSettings} />
    </div>
  );
}
