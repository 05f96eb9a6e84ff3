import { Box, Title, VisuallyHidden } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { RouteTabs, type RouteTab } from '@/components/route-tabs';
import { useCan } from '@/lib/permissions';
import { CORPORATE_TEXTS } from '../texts';
import { CorporateWidgets } from './corporate-widgets';

/**
 * The corporate view of a super admin of a parent organisation: a heading for screen readers (the
 * page's one h1), the widgets the user may see, a tab bar filtered by permissions (branch
 * accounts, staff) and the active tab's pane.
 */
export function CorporateDashboard() {
  const { pathname } = useLocation();
  const canSeeStaff = useCan('staffMenu');
  const canSeeAuditLog = useCan('auditLog');
  let tab = 'accounts';
  if (pathname.startsWith('/staff')) tab = 'staff';
  else if (pathname.startsWith('/audit-log')) tab = 'audit-log';

  const tabs: RouteTab[] = [{ value: 'accounts', label: CORPORATE_TEXTS.branchAccounts, to: '/' }];
  if (canSeeStaff) tabs.push({ value: 'staff', label: CORPORATE_TEXTS.staff, to: '/staff' });
  if (canSeeAuditLog) tabs.push({ value: 'audit-log', label: CORPORATE_TEXTS.auditLog, to: '/audit-log' });

  return (
    <>
      {/* No branch-name heading on "/" (spec section 2); the page still needs its one h1 for screen readers. */}
      <VisuallyHidden>
        <Title order={1}>{CORPORATE_TEXTS.pageTitle}</Title>
      </VisuallyHidden>
      <Box mb="lg">
        <CorporateWidgets />
      </Box>
      <RouteTabs label={CORPORATE_TEXTS.tabsLabel} tabs={tabs} value={tab}>
        <Outlet />
      </RouteTabs>
    </>
  );
}
