import { zodResolver } from '@hookform/resolvers/zod';
import type { BackgroundExportSource } from '@lynk/contract/reporting';
import { Group, Radio, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DateRangeFields } from '@/components/data-table/date-range-fields';
import { GenericModal } from '@/components/generic-modal';
import { apiMessage } from '@/lib/api-message';
import { hideModal, openModal, setModalLocked } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useStartExportAll } from '../api/start-export-all';
import { exportAllFormSchema, toExportAllRequest, type ExportAllFormValues } from '../export-all-form';
import { EXPORT_ALL_TEXTS, LAST_REPORTS_TEXTS } from '../texts';

export interface ExportAllModalData {
  wallet: 'main' | 'cbdc';
}

/** The listings of each wallet an "Export all" can take, each offered only to who may read its tab. */
function useExportableSources(wallet: ExportAllModalData['wallet']): BackgroundExportSource[] {
  const gates: Record<BackgroundExportSource, boolean> = {
    orders: useCan('ordersTab'),
    refunds: useCan('refundsTab'),
    transfers: useCan('transfersHistoryTab'),
    payments: useCan('paymentsTab'),
    payouts: useCan('paymentHistoryTab'),
  };
  const ofWallet: BackgroundExportSource[] =
    wallet === 'cbdc' ? ['payments'] : ['orders', 'transfers', 'refunds', 'payouts'];
  return ofWallet.filter((source) => gates[source]);
}

/**
 * "Export all" (not in the spec; the spec's export stays as it is): one table's every row, over
 * every date or any range, written in the background. Once started, Last Reports opens on its
 * progress; a notification says when the file is ready.
 */
export function ExportAllModal({ data }: { data: ExportAllModalData }) {
  const { orgId } = useOrganization();
  const sources = useExportableSources(data.wallet);
  const mutation = useStartExportAll(orgId);
  const sending = mutation.isPending;
  useEffect(() => setModalLocked(sending), [sending]);

  const form = useForm<ExportAllFormValues>({
    resolver: zodResolver(exportAllFormSchema()),
    defaultValues: { source: sources[0] ?? 'orders', scope: 'everything', start: '', end: '' },
    mode: 'onChange',
  });
  const scope = useWatch({ control: form.control, name: 'scope' });

  const start = form.handleSubmit((values) => {
    const request = toExportAllRequest(values);
    if (!request) return;
    mutation.mutate(request, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: EXPORT_ALL_TEXTS.started });
        openModal('view-last-exports', {}, { title: LAST_REPORTS_TEXTS.title });
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: apiMessage(error, EXPORT_ALL_TEXTS.failed) }),
    });
  });

  return (
    <GenericModal
      subtitle={EXPORT_ALL_TEXTS.subtitle}
      onSubmit={(event) => {
        void start(event);
      }}
      mainAction={{ label: EXPORT_ALL_TEXTS.start, loading: sending, disabled: !form.formState.isValid }}
      cancelAction={{ label: EXPORT_ALL_TEXTS.cancel, disabled: sending, onClick: hideModal }}
    >
      <Stack gap="md">
        <Controller
          control={form.control}
          name="source"
          render={({ field }) => (
            <Radio.Group
              label={EXPORT_ALL_TEXTS.source}
              value={field.value}
              onChange={(value) => field.onChange(value as BackgroundExportSource)}
            >
              <Group gap="lg" mt="xs">
                {sources.map((source) => (
                  <Radio key={source} value={source} label={EXPORT_ALL_TEXTS.sources[source]} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <Controller
          control={form.control}
          name="scope"
          render={({ field }) => (
            <Radio.Group
              label={EXPORT_ALL_TEXTS.range}
              value={field.value}
              onChange={(value) => {
                field.onChange(value as ExportAllFormValues['scope']);
                void form.trigger();
              }}
            >
              <Group gap="lg" mt="xs">
                <Radio value="everything" label={EXPORT_ALL_TEXTS.everything} />
                <Radio value="between" label={EXPORT_ALL_TEXTS.between} />
              </Group>
            </Radio.Group>
          )}
        />
        {scope === 'between' ? <DateRangeFields form={form} legend={EXPORT_ALL_TEXTS.dateRange} /> : null}
      </Stack>
    </GenericModal>
  );
}
