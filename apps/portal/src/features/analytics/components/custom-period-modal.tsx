import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toDisplayDate, type DateFilterValues } from '@/components/data-table/date-filter-form';
import { DateRangeFields } from '@/components/data-table/date-range-fields';
import { GenericModal } from '@/components/generic-modal';
import { hideModal } from '@/lib/modal-registry';
import { customRangeSchema, toCustomRange } from '../custom-range-form';
import type { AnalyticsRange } from '../period';
import { ANALYTICS_TEXTS as T } from '../texts';

export interface CustomPeriodData {
  /** The period shown now, in the fields to start from. */
  initialRange: AnalyticsRange;
  onApply: (range: AnalyticsRange) => void;
}

/**
 * The analytics page's custom period (key `analytics-period`): days picked on a calendar or typed
 * as DD/MM/YYYY, as in a table's Filters modal, none after today (Jamaica) and at most a year's
 * worth. Apply is disabled while the range is invalid, from the start (docs/decisions/014).
 */
export function CustomPeriodModal({ data: { initialRange, onApply } }: { data: CustomPeriodData }) {
  const form = useForm<DateFilterValues>({
    resolver: zodResolver(customRangeSchema()),
    defaultValues: { start: toDisplayDate(initialRange.from), end: toDisplayDate(initialRange.to) },
    mode: 'onChange',
  });

  const submit = form.handleSubmit((values) => {
    const range = toCustomRange(values);
    if ('message' in range) return;
    onApply(range);
    hideModal();
  });

  return (
    <GenericModal
      withCloseButton={false}
      onSubmit={(event) => void submit(event)}
      mainAction={{ label: T.apply, disabled: !form.formState.isValid }}
      cancelAction={{ label: T.close, onClick: hideModal }}
    >
      <DateRangeFields form={form} legend={T.customRange} focusOnOpen />
    </GenericModal>
  );
}
