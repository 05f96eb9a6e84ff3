import { Navigate, Outlet, useLocation } from 'react-router';
import { organisationPaths, useOrganisation } from '@/lib/organisation';

/**
 * "/" and "/staff": the corporate view for a super admin of a parent organisation; everyone else
 * goes to their organisation's own pages (spec section 2).
 */
export function CorporateGate() {
  const { corporate, segment } = useOrganisation();
  const { pathname } = useLocation();
  if (!corporate) {
    const paths = organisationPaths(segment);
    return <Navigate to={pathname.startsWith('/staff') ? paths.staff : paths.home} replace />;
  }
  return <Outlet />;
}
