import { zodResolver } from '@hookform/resolvers/zod';
import { EXPORT_TABLES, type ExportTable } from '@lynk/contract/constants';
import type { ExportResponse } from '@lynk/contract/reporting';
import { Checkbox, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { rangeReached } from '@/components/data-table/date-filter-form';
import { DateRangeFields } from '@/components/data-table/date-range-fields';
import { ErrorState } from '@/components/error-state';
import { GenericModal } from '@/components/generic-modal';
import { apiMessage } from '@/lib/api-message';
import { downloadBase64File } from '@/lib/download-file';
import { hideModal, setModalLocked, updateModal } from '@/lib/modal-registry';
import { useOrganisation } from '@/lib/organisation';
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

/**
 * The exporting-table modal (spec sections 2, 4, 5): "Export Preferences" (a date range and, on
 * the main wallet, the tables to export), then a "Download" page once the report is generated.
 * Generate is disabled while the form is invalid, from the start (spec section 5; docs/decisions/014).
 * A refusal of the server (the 100-entry limit) shows its words.
 */
export function ExportModal({ data }: { data: ExportModalData }) {
  const { orgId } = useOrganisation();
  const tables = useExportableTables();
  const mutation = useExportReport(orgId);
  const [generated, setGenerated] = useState<ExportResponse['result'] | null>(null);
  const sending = mutation.isPending;
  useEffect(() => setModalLocked(sending), [sending]);

  const form = useForm<ExportFormValues>({
    resolver: zodResolver(exportFormSchema(data.wallet)),
    defaultValues: { start: '', end: '', types: [] },
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
      onSuccess: (result) => {
        setGenerated(result);
        updateModal({ title: EXPORT_TEXTS.downloadTitle });
      },
    });
  });

  if (generated) {
    const { report, base64File } = generated;
    return (
      // The footer's Close is the way out: a second "Close" in the header would make two of one name.
      <GenericModal
        withCloseButton={false}
        icon={
          <ThemeIcon color="green" variant="light" size={56} radius="xl" aria-hidden>
            <IconCheck size={32} />
          </ThemeIcon>
        }
        subtitle={EXPORT_TEXTS.generated}
        mainAction={{
          label: EXPORT_TEXTS.download,
          onClick: () => downloadBase64File(report.file_name, base64File),
        }}
        cancelAction={{ label: EXPORT_TEXTS.close, onClick: hideModal }}
      >
        <Text size="sm" data-testid="export-summary">
          {EXPORT_TEXTS.summary(report.file_name, report.entries)}
        </Text>
      </GenericModal>
    );
  }

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
      {mutation.isError ? <ErrorState message={apiMessage(mutation.error, EXPORT_TEXTS.failed)} /> : null}
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
