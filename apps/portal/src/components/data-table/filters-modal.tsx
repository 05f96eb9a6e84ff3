import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { dateFilterSchema, toDateRange, toDisplayDate, type DateFilterValues } from './date-filter-form';
import { DateRangeFields } from './date-range-fields';
import { TABLE_TEXTS } from './texts';
import type { DateRange } from './use-listing-params';

/**
 * The "Filters" modal of a table (spec sections 2 and 5): a "Date range" picked on a calendar or
 * typed as DD/MM/YYYY, Close and Apply. Apply is disabled while the range is invalid, from the
 * start (docs/decisions/014: mode onChange, the button follows `isValid`).
 */
export function FiltersModal({
  opened,
  initialRange,
  onClose,
  onApply,
}: {
  opened: boolean;
  initialRange: DateRange | null;
  onClose: () => void;
  onApply: (range: DateRange) => void;
}) {
  const form = useForm<DateFilterValues>({
    resolver: zodResolver(dateFilterSchema),
    defaultValues: {
      start: toDisplayDate(initialRange?.from ?? null),
      end: toDisplayDate(initialRange?.to ?? null),
    },
    mode: 'onChange',
  });
  const { isValid } = form.formState;

  const submit = form.handleSubmit((values) => {
    const range = toDateRange(values);
    if (range) onApply(range);
  });

  return (
    // The footer's Close button is the way out (and Escape): a second "Close" in the header would
    // only make two controls of one name.
    <Modal
      opened={opened}
      onClose={onClose}
      title={TABLE_TEXTS.filtersTitle}
      centered
      size="md"
      withCloseButton={false}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="lg">
          <DateRangeFields form={form} legend={TABLE_TEXTS.dateRange} focusOnOpen />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {TABLE_TEXTS.close}
            </Button>
            <Button type="submit" disabled={!isValid}>
              {TABLE_TEXTS.apply}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
