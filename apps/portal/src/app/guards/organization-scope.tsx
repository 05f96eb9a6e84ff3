import { isSuperAdminRole } from '@lynk/contract/permissions';
import { pathSegmentFromOrgId } from '@lynk/contract/session';
import { notifications } from '@mantine/notifications';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { hasCbdcAccount, useAccounts } from '@/features/accounts/api/get-accounts';
import { useProfile } from '@/features/profile/api/get-profile';
import { isApiRequestError } from '@/lib/api-client';
import { OrganizationProvider, type Organization } from '@/lib/organization';
import { useRequiredSession } from '@/lib/session';
import { APP_TEXTS } from '../texts';

const WALLET_INFO_TOAST = 'wallet-info-error';

/**
 * Loads the session organisation's profile and accounts before any page shows (a loader while
 * they load), then provides them to the layout and the pages.
 */
export function OrganizationScope() {
  const session = useRequiredSession();
  const orgId = session.org_id;
  const profile = useProfile(orgId);
  const accounts = useAccounts(orgId);

  // Without accounts the portal still works (no JAM-DEX); the user is told once.
  useEffect(() => {
    // A role allowed no wallet screen is refused the list (403): nothing failed, nothing to tell.
    if (!accounts.isError || (isApiRequestError(accounts.error) && accounts.error.status === 403)) return;
    notifications.show({
      id: WALLET_INFO_TOAST,
      color: 'red',
      message: APP_TEXTS.walletInfo,
      autoClose: 6000,
    });
  }, [accounts.isError, accounts.error]);

  if (profile.isPending || accounts.isPending) return <CenteredLoader fullPage label={APP_TEXTS.loading} />;

  const accountList = accounts.data ?? [];
  const profileData = profile.data ?? null;
  const organization: Organization = {
    orgId,
    segment: pathSegmentFromOrgId(orgId),
    profile: profileData,
    accounts: accountList,
    hasCbdc: hasCbdcAccount(accountList),
    corporate:
      isSuperAdminRole(session.role) &&
      profileData !== null &&
      profileData.has_children &&
      !profileData.parent_org_id,
  };

  return (
    <OrganizationProvider value={organization}>
      <Suspense fallback={<CenteredLoader fullPage label={APP_TEXTS.loading} />}>
        <Outlet />
      </Suspense>
    </OrganizationProvider>
  );
}
