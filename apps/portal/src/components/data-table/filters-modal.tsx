import '@mantine/dates/styles.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider, type DatesProviderSettings } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import {
  dateFilterSchema,
  maskDateInput,
  toCalendarDate,
  toDateRange,
  toDisplayDate,
  type DateFilterValues,
} from './date-filter-form';
import { TABLE_TEXTS } from './texts';
import type { DateRange } from './use-listing-params';

// Jamaican calendars start the week on Sunday. Weekends are not coloured: Mantine's red days fail
// the 4.5:1 contrast the rest of the calendar meets.
const DATES_SETTINGS: DatesProviderSettings = { locale: 'en', firstDayOfWeek: 0, weekendDays: [] };
const DISPLAY_FORMAT = 'DD/MM/YYYY';
const PLACEHOLDER_STYLES = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

/**
 * The "Filters" modal of a table (spec sections 2 and 5): a "Date range" picked on a calendar or
 * typed as DD/MM/YYYY, Close and Apply. The rule's message shows once the user has tried to apply;
 * from then on Apply stays disabled until the range is valid.
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
  const messageId = useId();
  const { control, handleSubmit, setValue, formState } = useForm<DateFilterValues>({
    resolver: zodResolver(dateFilterSchema),
    defaultValues: {
      start: toDisplayDate(initialRange?.from ?? null),
      end: toDisplayDate(initialRange?.to ?? null),
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [start, end] = useWatch({ control, name: ['start', 'end'] });
  const message = formState.errors.end?.message;
  const pickedStart = toCalendarDate(start);
  const pickedEnd = toCalendarDate(end);
  // What the picker button shows ("05/11/2026 – 07/11/2026"), which its name must contain.
  const shown = pickedStart ? `${start} – ${pickedEnd ? end : ''}`.trim() : '';

  // The calendar fills both fields; once Apply was pressed, each change checks the pair again.
  const pickRange = ([from, to]: [string | null, string | null]) => {
    const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue('start', toDisplayDate(from), options);
    setValue('end', toDisplayDate(to), options);
  };

  const submit = handleSubmit((values) => {
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
      <DatesProvider settings={DATES_SETTINGS}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="lg">
            <Fieldset legend={TABLE_TEXTS.dateRange} variant="unstyled" aria-describedby={messageId}>
              <Stack gap="sm">
                <DatePickerInput
                  type="range"
                  aria-label={shown ? TABLE_TEXTS.pickedDates(shown) : TABLE_TEXTS.pickDates}
                  placeholder={TABLE_TEXTS.pickDates}
                  // Mantine's placeholder grey is 2.1:1 on white; this one says what the button does,
                  // so it must be readable (4.5:1).
                  styles={PLACEHOLDER_STYLES}
                  ariaLabels={TABLE_TEXTS.calendar}
                  valueFormat={DISPLAY_FORMAT}
                  leftSection={<IconCalendar size={16} aria-hidden />}
                  value={[pickedStart, pickedEnd]}
                  onChange={pickRange}
                  allowSingleDateInRange
                  data-testid="date-range-picker"
                />
                <Group grow align="flex-start" gap="sm">
                  <DateTextField
                    control={control}
                    name="start"
                    label={TABLE_TEXTS.startDate}
                    invalid={Boolean(message)}
                    focusOnOpen
                  />
                  <DateTextField
                    control={control}
                    name="end"
                    label={TABLE_TEXTS.endDate}
                    invalid={Boolean(message)}
                  />
                </Group>
              </Stack>
              <Text
                id={messageId}
                size="sm"
                c="red.8"
                mt="xs"
                aria-live="polite"
                data-testid="date-range-error"
              >
                {message}
              </Text>
            </Fieldset>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {TABLE_TEXTS.close}
              </Button>
              <Button type="submit" disabled={Boolean(message)}>
                {TABLE_TEXTS.apply}
              </Button>
            </Group>
          </Stack>
        </form>
      </DatesProvider>
    </Modal>
  );
}

/**
 * One typed date of the range, masked to DD/MM/YYYY as the user types. The start field re-checks
 * the end one, since the rule's message (start after end, a blank date) sits on the pair.
 */
function DateTextField({
  control,
  name,
  label,
  invalid,
  focusOnOpen = false,
}: {
  control: Control<DateFilterValues>;
  name: 'start' | 'end';
  label: string;
  invalid: boolean;
  /** The modal puts the focus here when it opens. */
  focusOnOpen?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      rules={name === 'start' ? { deps: ['end'] } : undefined}
      render={({ field }) => (
        <TextInput
          {...field}
          label={label}
          description={TABLE_TEXTS.datePattern}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          onChange={(event) => field.onChange(maskDateInput(event.currentTarget.value))}
          error={invalid}
          data-autofocus={focusOnOpen || undefined}
        />
      )}
    />
  );
}
