import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { BranchHeading } from '@/components/branch-heading';
import { RouteTabs, type RouteTab } from '@/components/route-tabs';
import { isCorporatePath, useOrganisation } from '@/lib/organisation';
import { useCan } from '@/lib/permissions';
import { CORPORATE_TEXTS, MENU_TEXTS } from '@/lib/texts';
import { CorporateWidgets } from './corporate-widgets';

/**
 * The corporate view of a super admin of a parent organisation: the organisation's name (the
 * page's one h1), the widgets the user may see, a tab bar filtered by permissions (branch
 * accounts, staff) and the active tab's pane.
 */
export function CorporateDashboard() {
  const { profile } = useOrganisation();
  const { pathname } = useLocation();
  const canSeeStaff = useCan('staffMenu');
  const onIndex = isCorporatePath(pathname) && !pathname.startsWith('/staff');

  const tabs: RouteTab[] = [{ value: 'accounts', label: CORPORATE_TEXTS.branchAccounts, to: '/' }];
  if (canSeeStaff) tabs.push({ value: 'staff', label: MENU_TEXTS.staff, to: '/staff' });

  return (
    <>
      {/* The layout shows the organisation's name on every path but "/"; here it is this page's heading. */}
      {onIndex && profile ? <BranchHeading name={profile.name} /> : null}
      <Box mb="lg">
        <CorporateWidgets />
      </Box>
      <RouteTabs label={CORPORATE_TEXTS.tabsLabel} tabs={tabs} value={onIndex ? 'accounts' : 'staff'}>
        <Outlet />
      </RouteTabs>
    </>
  );
}
