import { isSuperAdminRole } from '@lynk/contract/permissions';
import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { CenteredLoader } from '@/components/centered-loader';
import { PageHeader, type Crumb } from '@/components/page-header';
import { openModal } from '@/lib/modal-registry';
import { organizationPaths, useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useRequiredSession } from '@/lib/session';
import { REGISTER_TEXTS, STAFF_TEXTS } from '../texts';

export type StaffPageContext = 'corporate' | 'organization';

/**
 * Spec section 2, "Staff page": a back arrow, the title "Staff" and breadcrumbs. On the corporate
 * view the arrow goes up to the dashboard; on an organisation it goes to the wallet. A super admin
 * in a branch also gets a link to the parent organisation (through `parent_org_id`).
 * Below, the staff table (a child route, as a wallet tab's table) and, for a user who may create
 * staff, "Add User".
 */
export function StaffPage({ context }: { context: StaffPageContext }) {
  const { segment, profile } = useOrganization();
  const { role } = useRequiredSession();
  const allowed = useCan('staffMenu');
  const mayAdd = useCan('addUser');
  const paths = organizationPaths(segment);
  const corporate = context === 'corporate';

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
        actions={
          mayAdd ? (
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() =>
                openModal('register-user', { corporate }, { title: REGISTER_TEXTS.registerTitle })
              }
            >
              {STAFF_TEXTS.addUser}
            </Button>
          ) : null
        }
      />
      <Suspense fallback={<CenteredLoader label={STAFF_TEXTS.loading} />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
