import { REFUND_REASONS, NOTE_MAX_LENGTH } from '@lynk/contract/constants';
import { formatCents, parseAmountToCents } from '@lynk/contract/money';
import type { Order } from '@lynk/contract/orders';
import { NativeSelect, Stack, Textarea } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { ANNOUNCED_ERROR, CurrencyField } from '@/components/currency-input';
import { DetailRows } from '@/components/detail-rows';
import { commissionRefund, leftToRefund } from '../order-rules';
import type { RefundFormInput, RefundFormOutput } from '../refund-form';
import { REFUND_REASON_LABELS, REFUND_TEXTS } from '../texts';

const REASON_OPTIONS = [
  { value: '', label: REFUND_TEXTS.chooseReason, disabled: true },
  ...REFUND_REASONS.map((reason) => ({ value: reason, label: REFUND_REASON_LABELS[reason] })),
];

/**
 * Step 2 of the refund modal: what is left to refund and the commission this refund gives back,
 * then the amount (read-only for a full refund), the reason and the optional notes.
 */
export function RefundDetailsFields({
  form,
  order,
  locked,
}: {
  form: UseFormReturn<RefundFormInput, unknown, RefundFormOutput>;
  order: Order;
  locked: boolean;
}) {
  const { errors } = form.formState;
  const [amount, notes] = useWatch({ control: form.control, name: ['amount', 'notes'] });
  const cents = parseAmountToCents(amount.replace(/\.$/, '')) ?? 0;

  return (
    <Stack gap="md">
      <DetailRows
        rows={[
          { label: REFUND_TEXTS.leftToRefund, value: formatCents(leftToRefund(order)) },
          {
            label: REFUND_TEXTS.commissionRefund,
            value: formatCents(commissionRefund(order, cents)),
            tooltip: REFUND_TEXTS.commissionTooltip,
          },
        ]}
      />
      <CurrencyField
        control={form.control}
        name="amount"
        label={REFUND_TEXTS.amount}
        required
        readOnly={locked}
        variant={locked ? 'filled' : 'default'}
        data-autofocus={locked ? undefined : true}
      />
      <Controller
        control={form.control}
        name="reason"
        render={({ field }) => (
          <NativeSelect
            label={REFUND_TEXTS.reason}
            required
            data={REASON_OPTIONS}
            value={field.value}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
            error={errors.reason?.message}
            errorProps={ANNOUNCED_ERROR}
            data-autofocus={locked ? true : undefined}
          />
        )}
      />
      <Controller
        control={form.control}
        name="notes"
        render={({ field }) => (
          <Textarea
            label={REFUND_TEXTS.notes}
            value={field.value}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
            maxLength={NOTE_MAX_LENGTH}
            rows={3}
            description={REFUND_TEXTS.notesCounter(notes.length)}
            error={errors.notes?.message}
            errorProps={ANNOUNCED_ERROR}
          />
        )}
      />
    </Stack>
  );
}
