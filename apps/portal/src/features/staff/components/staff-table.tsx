import { isSuperAdminRole } from '@lynk/contract/permissions';
import type { StaffMember } from '@lynk/contract/staff';
import { Badge } from '@mantine/core';
import { useMemo } from 'react';
import { dataTableColumns } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { firstListingQuery, type ListingPrefetch } from '@/components/data-table/listing-prefetch';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useRequiredSession } from '@/lib/session';
import { staffPageQueryOptions, useStaff } from '../api/get-staff';
import type { StaffViewer } from '../staff-rules';
import { STAFF_TEXTS } from '../texts';
import { StaffRowActions } from './staff-row-actions';
import { EMPTY_PAGE } from '@/lib/listing';

const column = dataTableColumns<StaffMember>();

/** Active or Inactive on a light badge; the text colours keep 4.5:1 on their tints (as StatusBadge). */
function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge
      variant="light"
      color={active ? 'green' : 'gray'}
      c={active ? '#1b5e20' : 'gray.9'}
      radius="sm"
      tt="none"
      miw="max-content"
    >
      {active ? STAFF_TEXTS.active : STAFF_TEXTS.inactive}
    </Badge>
  );
}

/** The first page of staff, asked for by the router as soon as the staff page's URL matches. */
export function prefetchFirstPage(context: ListingPrefetch) {
  return context.client.prefetchQuery(staffPageQueryOptions(context.orgId, firstListingQuery(context)));
}

/**
 * Spec section 2, "Staff table columns": display_name, email, role, active (Active or Inactive),
 * actions. The staff page's child route (the router's `listingPane`), the browser's after the
 * takeover: its rows per page follow the screen.
 */
export function StaffTable({ corporate }: { corporate: boolean }) {
  const { orgId, profile } = useOrganization();
  const { role, id } = useRequiredSession();
  const mayEditDelete = useCan('staffEditDelete');
  const mayDownloadQr = useCan('qrDownload');
  const viewer = useMemo<StaffViewer>(
    () => ({ userId: Number(id), superAdmin: isSuperAdminRole(role), mayEditDelete, mayDownloadQr }),
    [id, role, mayEditDelete, mayDownloadQr],
  );
  const listing = useListingParams();
  const staff = useStaff(orgId, listing.query);
  const page = staff.data ?? EMPTY_PAGE;
  const merchant = profile?.name ?? '';

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('display_name', { header: STAFF_TEXTS.displayName, meta: { hideOnCard: true } }),
        column.accessor('email', { header: STAFF_TEXTS.email }),
        column.accessor('role', { header: STAFF_TEXTS.role }),
        column.accessor('active', {
          header: STAFF_TEXTS.status,
          cell: ({ getValue }) => <ActiveBadge active={getValue()} />,
        }),
        column.display({
          id: 'actions',
          header: STAFF_TEXTS.actions,
          meta: { hiddenHeader: true, align: 'right' },
          cell: ({ row }) => (
            <StaffRowActions
              member={row.original}
              viewer={viewer}
              corporate={corporate}
              merchant={merchant}
            />
          ),
        }),
      ]),
    [viewer, corporate, merchant],
  );

  return (
    <DataTable
      label={STAFF_TEXTS.tableLabel}
      columns={columns}
      rows={page.rows}
      total={page.total}
      loading={staff.isPending}
      listing={listing}
      rowKey={(row) => String(row.id)}
      cardTitle={(row) => row.display_name || row.email}
      filterable={false}
      empty={{ title: STAFF_TEXTS.noStaff }}
      testId="staff-table"
    />
  );
}
