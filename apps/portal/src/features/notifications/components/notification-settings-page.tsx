import { PageHeader } from '@/components/page-header';
import { organisationPaths, useOrganisation } from '@/lib/organisation';
import { MENU_TEXTS, NOTIFICATION_TEXTS } from '@/lib/texts';

/**
 * Spec section 2: notifications/settings, breadcrumb Dashboard > Notifications > Settings.
 * The preference toggles and the low-balance threshold arrive in a later issue.
 */
export function NotificationSettingsPage() {
  const { segment } = useOrganisation();
  const paths = organisationPaths(segment);
  return (
    <div data-testid="notification-settings-page">
      <PageHeader
        title={NOTIFICATION_TEXTS.settingsTitle}
        breadcrumbs={[
          { label: MENU_TEXTS.dashboard, to: paths.mainWallet },
          { label: NOTIFICATION_TEXTS.breadcrumb, to: paths.notifications },
          { label: NOTIFICATION_TEXTS.settings },
        ]}
        back={{ to: paths.notifications, label: NOTIFICATION_TEXTS.back }}
      />
    </div>
  );
}
