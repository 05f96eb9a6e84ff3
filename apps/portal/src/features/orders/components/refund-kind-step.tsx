import type { RefundKind } from '@lynk/contract/orders';
import { formatCents } from '@lynk/contract/money';
import type { Order } from '@lynk/contract/orders';
import { Radio, Stack } from '@mantine/core';
import { GenericModal } from '@/components/generic-modal';
import { leftToRefund } from '../order-rules';
import { REFUND_TEXTS } from '../texts';

/** Step 1 of the refund modal: Full Refund or a partial one; Next waits for a choice. */
export function RefundKindStep({
  order,
  kind,
  onChange,
  onNext,
  onCancel,
}: {
  order: Order;
  kind: RefundKind | null;
  onChange: (kind: RefundKind) => void;
  onNext: () => void;
  onCancel: () => void;
}) {
  return (
    <GenericModal
      subtitle={REFUND_TEXTS.chooseSubtitle}
      mainAction={{ label: REFUND_TEXTS.next, disabled: kind === null, onClick: onNext }}
      cancelAction={{ label: REFUND_TEXTS.cancel, onClick: onCancel }}
    >
      <Radio.Group
        label={REFUND_TEXTS.kindLabel}
        value={kind}
        onChange={(value) => onChange(value === 'full' ? 'full' : 'partial')}
      >
        <Stack gap="sm" mt="xs">
          <Radio
            value="full"
            label={REFUND_TEXTS.fullRefund}
            description={REFUND_TEXTS.fullDescription(formatCents(leftToRefund(order)))}
          />
          <Radio
            value="partial"
            label={REFUND_TEXTS.partialRefund}
            description={REFUND_TEXTS.partialDescription}
          />
        </Stack>
      </Radio.Group>
    </GenericModal>
  );
}
