import type { AuditEntry } from '@lynk/contract/audit';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { dataTableColumns } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import type { ListingParams } from '@/components/data-table/use-listing-params';
import { formatTimestamp } from '@/lib/format';
import type { ListingPage } from '@/lib/listing';
import { AUDIT_LOG_TEXTS, auditActionLabel } from '../texts';

const column = dataTableColumns<AuditEntry>();

/** Who: their name over their email, or "System" for the product's own work (the bank rail). */
function Actor({ actor }: { actor: AuditEntry['actor'] }) {
  if (!actor) return <Text size="sm">{AUDIT_LOG_TEXTS.system}</Text>;
  return (
    <div>
      <Text size="sm">{actor.display_name || actor.email}</Text>
      <Text size="xs" c="dimmed">
        {actor.email}
      </Text>
    </div>
  );
}

/** What was done, by name, over its code (the code is what the CSV and the filter's address hold). */
function Action({ action }: { action: string }) {
  return (
    <div>
      <Text size="sm">{auditActionLabel(action)}</Text>
      <Text size="xs" c="dimmed">
        {action}
      </Text>
    </div>
  );
}

/** The date is the sortable column, as on every table. */
const COLUMNS = column.columns([
  column.accessor('at', {
    header: AUDIT_LOG_TEXTS.date,
    cell: ({ getValue }) => formatTimestamp(getValue()),
    enableSorting: true,
  }),
  column.accessor('action', {
    header: AUDIT_LOG_TEXTS.action,
    cell: ({ getValue }) => <Action action={getValue()} />,
  }),
  column.accessor('actor', {
    header: AUDIT_LOG_TEXTS.actor,
    cell: ({ getValue }) => <Actor actor={getValue()} />,
  }),
  column.accessor('subject', {
    header: AUDIT_LOG_TEXTS.subject,
    // Identifiers such as `lynk|6de1…` have no spaces: they break anywhere rather than push the
    // address column out of view.
    cell: ({ getValue }) => (
      <Text size="sm" maw={220} style={{ overflowWrap: 'anywhere' }}>
        {getValue() ?? ''}
      </Text>
    ),
  }),
  column.accessor('ip', { header: AUDIT_LOG_TEXTS.ip, cell: ({ getValue }) => getValue() ?? '' }),
]);

/** A parent organisation's rows come from several branches: which one, after the date. */
const BRANCH_COLUMN = column.accessor('organization_name', {
  header: AUDIT_LOG_TEXTS.branch,
  cell: ({ getValue }) => getValue() ?? '',
});

export function AuditLogTable({
  page,
  loading,
  listing,
  withBranch,
}: {
  page: ListingPage<AuditEntry>;
  loading: boolean;
  listing: ListingParams;
  withBranch: boolean;
}) {
  const columns = useMemo(
    () => (withBranch ? [COLUMNS[0]!, BRANCH_COLUMN, ...COLUMNS.slice(1)] : COLUMNS),
    [withBranch],
  );
  return (
    <DataTable
      label={AUDIT_LOG_TEXTS.tableLabel}
      columns={columns}
      rows={page.rows}
      total={page.total}
      loading={loading}
      listing={listing}
      rowKey={(row) => row.id}
      cardTitle={(row) => auditActionLabel(row.action)}
      empty={{ title: AUDIT_LOG_TEXTS.noEntries }}
      testId="audit-log-table"
    />
  );
}
