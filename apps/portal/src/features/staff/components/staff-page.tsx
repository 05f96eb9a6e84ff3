import { isSuperAdminRole } from '@lynk/contract/permissions';
import { AccessDenied } from '@/components/access-denied';
import { NotAvailableYet } from '@/components/not-available-yet';
import { PageHeader, type Crumb } from '@/components/page-header';
import { organisationPaths, useOrganisation } from '@/lib/organisation';
import { useCan } from '@/lib/permissions';
import { useRequiredSession } from '@/lib/session';
import { STAFF_TEXTS } from '../texts';

export type StaffPageContext = 'corporate' | 'organisation';

/**
 * Spec section 2, "Staff page": a back arrow, the title "Staff" and breadcrumbs. On the corporate
 * view the arrow goes up to the dashboard; on an organisation it goes to the wallet. A super admin
 * in a branch also gets a link to the parent organisation (through `parent_org_id`).
 * Until the staff list lands, the page says it is not available yet.
 */
export function StaffPage({ context }: { context: StaffPageContext }) {
  const { segment, profile } = useOrganisation();
  const { role } = useRequiredSession();
  const allowed = useCan('staffMenu');
  const paths = organisationPaths(segment);

  if (!allowed) return <AccessDenied />;

  let breadcrumbs: Crumb[];
  let backTo: string;
  if (context === 'corporate') {
    breadcrumbs = [{ label: STAFF_TEXTS.dashboard, to: '/' }, { label: STAFF_TEXTS.title }];
    backTo = '/';
  } else {
    const walletOrders = `${paths.mainWallet}/orders`;
    backTo = paths.mainWallet;
    if (isSuperAdminRole(role) && profile?.parent_org_id) {
      breadcrumbs = [
        {
          label: profile.parent_name ?? profile.parent_org_id,
          to: `/?${new URLSearchParams({ parent_org_id: profile.parent_org_id }).toString()}`,
        },
        { label: profile.name, to: walletOrders },
        { label: STAFF_TEXTS.title },
      ];
    } else {
      breadcrumbs = [{ label: STAFF_TEXTS.dashboard, to: walletOrders }, { label: STAFF_TEXTS.title }];
    }
  }

  return (
    <div data-testid="staff-page">
      <PageHeader
        title={STAFF_TEXTS.title}
        breadcrumbs={breadcrumbs}
        back={{ to: backTo, label: STAFF_TEXTS.back }}
      />
      <NotAvailableYet what={STAFF_TEXTS.staffList} />
    </div>
  );
}
