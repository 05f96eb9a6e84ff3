import '@mantine/dates/styles.css';
import { Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider, type DatesProviderSettings } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useId } from 'react';
import { Controller, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import {
  maskDateInput,
  rangeReached,
  toCalendarDate,
  toDisplayDate,
  type DateFilterValues,
} from './date-filter-form';
import { TABLE_TEXTS } from './texts';

// Jamaican calendars start the week on Sunday. Weekends are not coloured: Mantine's red days fail
// the 4.5:1 contrast the rest of the calendar meets.
const DATES_SETTINGS: DatesProviderSettings = { locale: 'en', firstDayOfWeek: 0, weekendDays: [] };
const DISPLAY_FORMAT = 'DD/MM/YYYY';
const PLACEHOLDER_STYLES = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

/**
 * A date range picked on a calendar or typed as DD/MM/YYYY (docs/decisions/018): the Filters
 * modal's and the export modal's. The form owns the `start` and `end` fields; the calendar fills
 * both, a typed valid date moves the calendar. The range rule's text (the form's error on `end`)
 * shows under it once the user has reached it (`rangeReached`); before that a blank end is not
 * news, and the form's button, disabled while invalid, says enough.
 */
export function DateRangeFields<Values extends DateFilterValues>({
  form,
  legend,
  focusOnOpen = false,
}: {
  form: UseFormReturn<Values>;
  legend: string;
  /** The modal puts the focus on the start field when it opens. */
  focusOnOpen?: boolean;
}) {
  const messageId = useId();
  // The fields are named start and end in every form that uses this: seen through that shape.
  const range = form as unknown as UseFormReturn<DateFilterValues>;
  const [start, end] = useWatch({ control: range.control, name: ['start', 'end'] });
  const message = rangeReached(range.formState) ? range.formState.errors.end?.message : undefined;
  const pickedStart = toCalendarDate(start);
  const pickedEnd = toCalendarDate(end);
  // What the picker button shows ("05/11/2026 – 07/11/2026"), which its name must contain.
  const shown = pickedStart ? `${start} – ${pickedEnd ? end : ''}`.trim() : '';

  // A pick is checked at once, like typing. Half a range (its first click) does not reach the
  // rule: the end it cleared is being picked, not forgotten.
  const pickRange = ([from, to]: [string | null, string | null]) => {
    const picked = to !== null;
    const options = { shouldDirty: picked, shouldValidate: true };
    range.setValue('start', toDisplayDate(from), options);
    range.setValue('end', toDisplayDate(to), { ...options, shouldTouch: picked });
  };

  return (
    <DatesProvider settings={DATES_SETTINGS}>
      <Fieldset legend={legend} variant="unstyled" aria-describedby={messageId}>
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
              control={range.control}
              name="start"
              label={TABLE_TEXTS.startDate}
              invalid={Boolean(message)}
              focusOnOpen={focusOnOpen}
            />
            <DateTextField
              control={range.control}
              name="end"
              label={TABLE_TEXTS.endDate}
              invalid={Boolean(message)}
            />
          </Group>
        </Stack>
        <Text id={messageId} size="sm" c="red.8" mt="xs" aria-live="polite" data-testid="date-range-error">
          {message}
        </Text>
      </Fieldset>
    </DatesProvider>
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
