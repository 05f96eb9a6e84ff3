import { zodResolver } from '@hookform/resolvers/zod';
import { EXPORT_TABLES, type ExportTable } from '@lynk/contract/constants';
import type { ExportResponse } from '@lynk/contract/reporting';
import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { rangeReached } from '@/components/data-table/date-filter-form';
import { DateRangeFields } from '@/components/data-table/date-range-fields';
import { GenericModal } from '@/components/generic-modal';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { apiMessage } from '@/lib/api-message';
import { downloadBase64File } from '@/lib/download-file';
import { hideModal, restorePreviousModal, setModalLocked, updateModal } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useExportReport } from '../api/export-report';
import {
  exportFormSchema,
  missingTablesMessage,
  toExportRequest,
  type ExportFormValues,
  type ExportWalletKind,
} from '../export-form';
import { EXPORT_TEXTS } from '../texts';

export interface ExportModalData {
  wallet: ExportWalletKind;
  /** The preferences as last typed: kept when the failure modal comes back to them. */
  preferences?: ExportFormValues;
}

/** The tab each table is, whose permission it needs (spec section 6): only those are offered. */
function useExportableTables(): ExportTable[] {
  const gates: Record<ExportTable, boolean> = {
    Orders: useCan('ordersTab'),
    Transfers: useCan('transfersHistoryTab'),
    Refunds: useCan('refundsTab'),
  };
  return EXPORT_TABLES.filter((table) => gates[table]);
}

/** The success modal (spec section 2, "Export modal"): the "Download" page, as a status modal. */
function openExportSuccess({ report, base64File }: ExportResponse['result']): void {
  openTransactionStatus({
    variant: 'success',
    title: EXPORT_TEXTS.downloadTitle,
    subtitle: `${EXPORT_TEXTS.generated} ${EXPORT_TEXTS.summary(report.file_name, report.entries)}`,
    mainAction: {
      label: EXPORT_TEXTS.download,
      onClick: () => downloadBase64File(report.file_name, base64File),
    },
    closeAction: { label: EXPORT_TEXTS.returnToDashboard },
  });
}

/**
 * The failure modal: the server's words (the 100-entry limit) or a general failure. "Try Again"
 * comes back to the preferences as they were typed, to narrow the dates without starting over.
 */
function openExportFailure(error: unknown, data: ExportModalData, preferences: ExportFormValues): void {
  updateModal({ data: { ...data, preferences } });
  openTransactionStatus(
    {
      variant: 'failure',
      title: EXPORT_TEXTS.failureTitle,
      subtitle: apiMessage(error, EXPORT_TEXTS.failed),
      mainAction: { label: EXPORT_TEXTS.tryAgain, onClick: restorePreviousModal },
      closeAction: { label: EXPORT_TEXTS.returnToDashboard },
    },
    { storePrevious: true },
  );
}

/**
 * The exporting-table modal (spec sections 2, 4, 5): "Export Preferences" (a date range and, on
 * the main wallet, the tables to export). Generate is disabled while the form is invalid, from the
 * start (spec section 5; docs/decisions/014); once the report is generated the success modal
 * offers its download, and a failure opens the failure modal (spec section 4, "Export").
 */
export function ExportModal({ data }: { data: ExportModalData }) {
  const { orgId } = useOrganization();
  const tables = useExportableTables();
  const mutation = useExportReport(orgId);
  const sending = mutation.isPending;
  useEffect(() => setModalLocked(sending), [sending]);

  const form = useForm<ExportFormValues>({
    resolver: zodResolver(exportFormSchema(data.wallet)),
    defaultValues: data.preferences ?? { start: '', end: '', types: [] },
    mode: 'onChange',
  });
  const { errors, isValid } = form.formState;
  const types = useWatch({ control: form.control, name: 'types' });
  // Changing the tables shows their rule at once; untouched, it shows once the dates are reached,
  // so a disabled Generate is never left unexplained.
  const tablesMessage =
    errors.types?.message ??
    (rangeReached(form.formState) ? (missingTablesMessage(data.wallet, types) ?? undefined) : undefined);

  const generate = form.handleSubmit((values) => {
    const request = toExportRequest(values, data.wallet);
    if (!request) return;
    mutation.mutate(request, {
      onSuccess: openExportSuccess,
      onError: (error) => openExportFailure(error, data, values),
    });
  });

  return (
    <GenericModal
      subtitle={data.wallet === 'main' ? EXPORT_TEXTS.subtitle : EXPORT_TEXTS.cbdcSubtitle}
      onSubmit={(event) => {
        void generate(event);
      }}
      mainAction={{ label: EXPORT_TEXTS.generate, loading: sending, disabled: !isValid }}
      cancelAction={{ label: EXPORT_TEXTS.cancel, disabled: sending, onClick: hideModal }}
    >
      <DateRangeFields form={form} legend={EXPORT_TEXTS.dateRange} focusOnOpen />
      {data.wallet === 'main' ? <TablesField form={form} tables={tables} message={tablesMessage} /> : null}
    </GenericModal>
  );
}

function TablesField({
  form,
  tables,
  message,
}: {
  form: ReturnType<typeof useForm<ExportFormValues>>;
  tables: ExportTable[];
  message: string | undefined;
}) {
  const messageId = useId();
  return (
    <Controller
      control={form.control}
      name="types"
      render={({ field }) => (
        <Checkbox.Group
          label={EXPORT_TEXTS.tables}
          value={field.value}
          onChange={(value) => field.onChange(value as ExportTable[])}
          aria-describedby={messageId}
        >
          <Group gap="lg" mt="xs">
            {tables.map((table) => (
              <Checkbox key={table} value={table} label={table} />
            ))}
          </Group>
          <Stack gap={0}>
            <Text
              id={messageId}
              size="sm"
              c="red.8"
              mt="xs"
              aria-live="polite"
              data-testid="export-tables-error"
            >
              {message}
            </Text>
          </Stack>
        </Checkbox.Group>
      )}
    />
  );
}
