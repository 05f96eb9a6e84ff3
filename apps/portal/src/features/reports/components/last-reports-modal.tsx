import { formatDate, parseStrictDate } from '@lynk/contract/dates';
import type { BackgroundExport, Report } from '@lynk/contract/reporting';
import { ActionIcon, Center, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { GenericModal } from '@/components/generic-modal';
import { StatusBadge } from '@/components/status-badge';
import { formatTimestamp } from '@/lib/format';
import { hideModal } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useDownloadExportAll } from '../api/download-export-all';
import { useDownloadReport } from '../api/download-report';
import { useLastReports } from '../api/get-last-reports';
import { EXPORT_ALL_LIST_TEXTS, LAST_REPORTS_TEXTS } from '../texts';

const displayDate = (apiDate: string) => {
  const date = parseStrictDate(apiDate, 'YYYY-MM-DD');
  return date ? formatDate(date, 'DD/MM/YYYY', 'UTC') : apiDate;
};

/**
 * The view-last-exports modal (spec sections 2, 9): "Last Reports", the signed-in user's last 5
 * generated reports, newest first, or "There are no previously generated reports". Each of them
 * can be downloaded again by someone who may export.
 */
export function LastReportsModal() {
  const { orgId } = useOrganization();
  const reports = useLastReports(orgId);
  const canDownload = useCan('exportReport');

  return (
    // The footer's Close is the way out: a second "Close" in the header would make two of one name.
    <GenericModal
      withCloseButton={false}
      cancelAction={{ label: LAST_REPORTS_TEXTS.close, onClick: hideModal }}
    >
      {reports.isPending ? (
        <Center py="md">
          <Loader type="dots" role="status" aria-label={LAST_REPORTS_TEXTS.title} />
        </Center>
      ) : reports.isError ? (
        <ErrorState message={LAST_REPORTS_TEXTS.loadFailed} onRetry={() => void reports.refetch()} />
      ) : (
        <Stack gap="md">
          {reports.data.reports.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              {LAST_REPORTS_TEXTS.empty}
            </Text>
          ) : (
            <FileList label={LAST_REPORTS_TEXTS.listLabel}>
              {reports.data.reports.map((report) => (
                <ReportItem key={report.id} report={report} canDownload={canDownload} />
              ))}
            </FileList>
          )}
          {reports.data.exports.length > 0 ? <BackgroundExports files={reports.data.exports} /> : null}
        </Stack>
      )}
    </GenericModal>
  );
}

function ReportItem({ report, canDownload }: { report: Report; canDownload: boolean }) {
  const download = useDownloadReport();
  const range = `${displayDate(report.start)} – ${displayDate(report.end)}`;
  return (
    <FileItem
      testId="last-report"
      name={<FileName name={report.file_name} />}
      download={
        canDownload && report.downloadable
          ? {
              label: LAST_REPORTS_TEXTS.download(report.file_name),
              pending: download.isPending,
              start: () =>
                download.mutate(report.id, {
                  onError: () =>
                    notifications.show({ color: 'red', message: LAST_REPORTS_TEXTS.downloadFailed }),
                }),
            }
          : null
      }
    >
      <Text size="xs" c="dimmed">
        {range} · {LAST_REPORTS_TEXTS.details(report.tables.join(', '), report.entries)}
      </Text>
      <Text size="xs" c="dimmed">
        {LAST_REPORTS_TEXTS.generatedAt(formatTimestamp(report.created_at))}
      </Text>
    </FileItem>
  );
}

/** The user's "Export all" files (not in the spec): each one's progress, and its download once ready. */
function BackgroundExports({ files }: { files: BackgroundExport[] }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {EXPORT_ALL_LIST_TEXTS.heading}
      </Title>
      <FileList label={EXPORT_ALL_LIST_TEXTS.listLabel}>
        {files.map((file) => (
          <BackgroundExportItem key={file.id} file={file} />
        ))}
      </FileList>
    </Stack>
  );
}

/** Each export status shown as the product's status of the same meaning (its badge's colour). */
const BADGE_STATUS: Record<BackgroundExport['status'], string> = {
  QUEUED: 'NEW',
  RUNNING: 'PROCESSING',
  READY: 'COMPLETED',
  FAILED: 'FAILED',
};

function BackgroundExportItem({ file }: { file: BackgroundExport }) {
  const download = useDownloadExportAll();
  const range =
    file.start || file.end
      ? EXPORT_ALL_LIST_TEXTS.range(
          file.start ? displayDate(file.start) : '…',
          file.end ? displayDate(file.end) : '…',
        )
      : EXPORT_ALL_LIST_TEXTS.allDates;
  return (
    <FileItem
      testId="background-export"
      name={
        <Group gap="xs" wrap="wrap">
          <FileName name={file.file_name} />
          <StatusBadge status={BADGE_STATUS[file.status]} label={EXPORT_ALL_LIST_TEXTS.status[file.status]} />
        </Group>
      }
      download={
        file.downloadable
          ? {
              label: EXPORT_ALL_LIST_TEXTS.download(file.file_name),
              pending: download.isPending,
              start: () =>
                download.mutate(file, {
                  onError: () =>
                    notifications.show({ color: 'red', message: EXPORT_ALL_LIST_TEXTS.downloadFailed }),
                }),
            }
          : null
      }
    >
      <Text size="xs" c="dimmed" aria-live="polite">
        {range} · {EXPORT_ALL_LIST_TEXTS.rows(file.rows_done)}
      </Text>
      <Text size="xs" c="dimmed">
        {EXPORT_ALL_LIST_TEXTS.expires(formatTimestamp(file.expires_at))}
      </Text>
    </FileItem>
  );
}

/** A list of files, one card each: the spec's reports and the "Export all" files alike. */
function FileList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

function FileName({ name }: { name: string }) {
  return (
    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {name}
    </Text>
  );
}

/** One file's card: its name, what it holds, and its download button when it may be downloaded. */
function FileItem({
  testId,
  name,
  children,
  download,
}: {
  testId: string;
  name: ReactNode;
  children: ReactNode;
  download: { label: string; pending: boolean; start: () => void } | null;
}) {
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="sm"
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
      data-testid={testId}
    >
      <IconFileSpreadsheet size={24} aria-hidden style={{ flexShrink: 0 }} />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        {name}
        {children}
      </Stack>
      {download ? (
        <Tooltip label={download.label}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={download.label}
            loading={download.pending}
            onClick={download.start}
          >
            <IconDownload size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
