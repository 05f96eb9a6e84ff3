import { statusLabel } from '@lynk/contract/statuses';
import { Badge } from '@mantine/core';

/** Colour by outcome: done green, failed red, on its way blue or yellow, over grey. */
const STATUS_COLOURS: Record<string, string> = {
  COMPLETED: 'green',
  SUCCESS: 'green',
  PAID: 'green',
  REFUNDED: 'grape',
  FAILED: 'red',
  FAILURE: 'red',
  REJECTED: 'red',
  EXPIRED: 'gray',
  SCHEDULED: 'blue',
  // Spec section 4: PENDING is the same as SCHEDULED.
  PENDING: 'blue',
  TRANSMITTED: 'cyan',
  RECEIVED: 'yellow',
  PENDING_REFUND: 'orange',
  // Batches (spec section 4, "Batch statuses").
  NEW: 'gray',
  VALIDATED: 'cyan',
  INVALID_PAYEE: 'red',
  PENDING_APPROVAL: 'yellow',
  APPROVED: 'blue',
  PROCESSING: 'blue',
  COMPLETED_WITH_ERRORS: 'orange',
};

/** Text colours for the tints whose shade 9 is still below 4.5:1 on the light badge. */
const DEEP_TEXT: Record<string, string> = { green: '#1b5e20', yellow: '#6d4c00', orange: '#9a3412' };

/**
 * A status as its display label (contract `statusLabel`, or the label given, such as a batch's
 * `batchStatusLabel`) on a coloured badge.
 */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const colour = STATUS_COLOURS[status.toUpperCase()] ?? 'gray';
  return (
    // The light badge's default text shade is below 4.5:1 on its tint; shade 9 passes, except
    // green (~4.1:1), yellow and orange, which get deeper text (axe-checked in e2e).
    // max-content: the label cuts itself with an ellipsis, so a squeezed table column would
    // otherwise shrink "Completed" to "Com...".
    <Badge
      variant="light"
      color={colour}
      c={DEEP_TEXT[colour] ?? `${colour}.9`}
      radius="sm"
      tt="none"
      miw="max-content"
      data-status={status}
    >
      {label ?? statusLabel(status)}
    </Badge>
  );
}
