import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/page-header';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { apiMessage } from '@/lib/api-message';
import { EMPTY_PAGE } from '@/lib/listing';
import { organizationPaths, useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditLog } from '../api/get-audit-log';
import { AUDIT_LOG_TEXTS } from '../texts';
import { AuditLogFilters } from './audit-log-filters';
import { AuditLogTable } from './audit-log-table';
import { useAuditLogFilters } from './use-audit-log-filters';

export type AuditLogPageContext = 'corporate' | 'organization';

/**
 * The organisation's audit log (ADR 043), for admins: filters by actor and action above the
 * portal's table (which filters by dates, sorts by date and pages), and Export CSV of what the
 * filters match. On the corporate view (a tab of the dashboard) it holds every branch's rows, each
 * with its branch. The server decides who may read it and whose rows they are; hiding is not the
 * protection.
 */
export function AuditLogPage({ context }: { context: AuditLogPageContext }) {
  const { orgId, segment } = useOrganization();
  const allowed = useCan('auditLog');
  const listing = useListingParams();
  const { filters, setFilters } = useAuditLogFilters();
  const query = { ...listing.query, ...filters };
  // Not asked for by someone the server would refuse.
  const entries = useAuditLog(orgId, query, { enabled: allowed });
  const exporter = useExportAuditLog();
  const corporate = context === 'corporate';
  const home = corporate ? '/' : `${organizationPaths(segment).mainWallet}/orders`;

  if (!allowed) return <AccessDenied />;

  const exportCsv = () =>
    exporter.mutate(
      { sort: query.sort, from_utc: query.from_utc, to_utc: query.to_utc, ...filters },
      {
        onError: (error) =>
          notifications.show({ message: apiMessage(error, AUDIT_LOG_TEXTS.exportFailed), color: 'red' }),
      },
    );

  return (
    <div data-testid="audit-log-page">
      <PageHeader
        title={AUDIT_LOG_TEXTS.title}
        breadcrumbs={[{ label: AUDIT_LOG_TEXTS.dashboard, to: home }, { label: AUDIT_LOG_TEXTS.title }]}
        back={{ to: home, label: AUDIT_LOG_TEXTS.back }}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={exporter.isPending}
            onClick={exportCsv}
          >
            {AUDIT_LOG_TEXTS.export}
          </Button>
        }
      />
      {/* Keyed by the URL's filters: going back in history shows them in the fields again. */}
      <AuditLogFilters
        key={`${filters.actor ?? ''}|${filters.action ?? ''}`}
        filters={filters}
        onApply={setFilters}
      />
      <AuditLogTable
        page={entries.data ?? EMPTY_PAGE}
        loading={entries.isPending}
        listing={listing}
        withBranch={corporate}
      />
    </div>
  );
}
