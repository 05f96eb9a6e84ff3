import { TRUNCATE_AT, truncate } from '@lynk/contract/constants';
import { Tooltip, VisuallyHidden } from '@mantine/core';

/** Spec section 9: a batch name over 15 characters is cut in the table, whole in a tooltip. */
export function BatchName({ name }: { name: string }) {
  if (name.length <= TRUNCATE_AT.batchName) return name || '—';
  return (
    <Tooltip label={name} withArrow>
      {/* Screen readers read the whole name; the eye sees the cut one and hovers for the rest. */}
      <span data-testid="batch-name-truncated">
        <span aria-hidden>{truncate(name, TRUNCATE_AT.batchName)}</span>
        <VisuallyHidden>{name}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
