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
  PENDING: 'yellow',
  TRANSMITTED: 'cyan',
  RECEIVED: 'yellow',
  PENDING_REFUND: 'orange',
};

const DEEP_GREEN = '#1b5e20';

/** A status as its display label (contract `statusLabel`) on a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  const colour = STATUS_COLOURS[status.toUpperCase()] ?? 'gray';
  return (
    // The light badge's default text shade is below 4.5:1 on its tint; shade 9 passes, except
    // green, whose shade 9 still measures ~4.1:1 — it gets a deeper green (axe-checked in e2e).
    // max-content: the label cuts itself with an ellipsis, so a squeezed table column would
    // otherwise shrink "Completed" to "Com...".
    <Badge
      variant="light"
      color={colour}
      c={colour === 'green' ? DEEP_GREEN : `${colour}.9`}
      radius="sm"
      tt="none"
      miw="max-content"
      data-status={status}
    >
      {statusLabel(status)}
    </Badge>
  );
}
