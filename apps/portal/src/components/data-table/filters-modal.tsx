import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { hideModal } from '@/lib/modal-registry';
import { GenericModal } from '../generic-modal';
import { dateFilterSchema, toDateRange, toDisplayDate, type DateFilterValues } from './date-filter-form';
import { DateRangeFields } from './date-range-fields';
import { TABLE_TEXTS } from './texts';
import type { DateRange } from './use-listing-params';

export interface FiltersModalData {
  /** The range applied now, shown again in the fields. */
  initialRange: DateRange | null;
  /** Applies a valid range to the table that opened the modal. */
  onApply: (range: DateRange) => void;
}

/**
 * The "Filters" modal of a table (spec sections 2 and 5), key `filters`: a "Date range" picked on
 * a calendar or typed as DD/MM/YYYY, Close and Apply. Apply is disabled while the range is invalid,
 * from the start (docs/decisions/014: mode onChange, the button follows `isValid`).
 */
export function FiltersModal({ data: { initialRange, onApply } }: { data: FiltersModalData }) {
  const form = useForm<DateFilterValues>({
    resolver: zodResolver(dateFilterSchema),
    defaultValues: {
      start: toDisplayDate(initialRange?.from ?? null),
      end: toDisplayDate(initialRange?.to ?? null),
    },
    mode: 'onChange',
  });

  const submit = form.handleSubmit((values) => {
    const range = toDateRange(values);
    if (!range) return;
    onApply(range);
    hideModal();
  });

  return (
    // The footer's Close button is the way out (and Escape): a second "Close" in the header would
    // only make two controls of one name.
    <GenericModal
      withCloseButton={false}
      onSubmit={(event) => void submit(event)}
      mainAction={{ label: TABLE_TEXTS.apply, disabled: !form.formState.isValid }}
      cancelAction={{ label: TABLE_TEXTS.close, onClick: hideModal }}
    >
      <DateRangeFields form={form} legend={TABLE_TEXTS.dateRange} focusOnOpen />
    </GenericModal>
  );
}
