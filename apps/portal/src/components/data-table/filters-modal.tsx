import { formatDate, parseStrictDate, toApiDate, validateDateRange } from '@lynk/contract/dates';
import { Button, Fieldset, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { TABLE_TEXTS } from './texts';
import type { DateRange } from './use-listing-params';

/** "YYYY-MM-DD" from the URL as the "DD/MM/YYYY" the user reads and types. */
function toDisplayDate(apiDate: string): string {
  const date = parseStrictDate(apiDate, 'YYYY-MM-DD');
  // Calendar dates are UTC midnights: formatted in Jamaica time they would show the day before.
  return date ? formatDate(date, 'DD/MM/YYYY', 'UTC') : '';
}

/**
 * Slashes are put in as the user types digits, so "01112026" and "01/11/2026" both end up as
 * "01/11/2026" and a phone's number pad (which has no "/") is enough.
 */
export function maskDateInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean);
  return parts.join('/');
}

/** The "Filters" modal of a table: a date range (DD/MM/YYYY), Close and Apply (spec sections 2 and 5). */
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
  const [start, setStart] = useState(() => (initialRange ? toDisplayDate(initialRange.from) : ''));
  const [end, setEnd] = useState(() => (initialRange ? toDisplayDate(initialRange.to) : ''));
  const messageId = useId();
  const result = validateDateRange(start, end);

  const apply = () => {
    if (!result.ok) return;
    onApply({ from: toApiDate(result.start), to: toApiDate(result.end) });
  };

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
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
        noValidate
      >
        <Stack gap="lg">
          <Fieldset legend={TABLE_TEXTS.dateRange} variant="unstyled" aria-describedby={messageId}>
            <Group grow align="flex-start" gap="sm">
              <TextInput
                label={TABLE_TEXTS.startDate}
                description={TABLE_TEXTS.datePattern}
                inputMode="numeric"
                autoComplete="off"
                maxLength={10}
                value={start}
                onChange={(event) => setStart(maskDateInput(event.currentTarget.value))}
                aria-invalid={!result.ok || undefined}
                data-autofocus
              />
              <TextInput
                label={TABLE_TEXTS.endDate}
                description={TABLE_TEXTS.datePattern}
                inputMode="numeric"
                autoComplete="off"
                maxLength={10}
                value={end}
                onChange={(event) => setEnd(maskDateInput(event.currentTarget.value))}
                aria-invalid={!result.ok || undefined}
              />
            </Group>
            <Text
              id={messageId}
              size="sm"
              c="red.8"
              mt="xs"
              aria-live="polite"
              data-testid="date-range-error"
            >
              {result.ok ? null : result.message}
            </Text>
          </Fieldset>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {TABLE_TEXTS.close}
            </Button>
            <Button type="submit" disabled={!result.ok}>
              {TABLE_TEXTS.apply}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
