import { Navigate, Outlet, useLocation } from 'react-router';
import { organizationPaths, useOrganization } from '@/lib/organization';

/**
 * "/", "/staff", "/audit-log" and "/analytics": the corporate view for a super admin of a parent organisation;
 * everyone else goes to their organisation's own pages (spec section 2).
 */
export function CorporateGate() {
  const { corporate, segment } = useOrganization();
  const { pathname } = useLocation();
  if (!corporate) {
    const paths = organizationPaths(segment);
    let to = paths.home;
    if (pathname.startsWith('/staff')) to = paths.staff;
    else if (pathname.startsWith('/audit-log')) to = paths.auditLog;
    else if (pathname.startsWith('/analytics')) to = paths.analytics;
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
