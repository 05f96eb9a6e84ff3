import { ActionIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { TABLE_TEXTS } from './texts';

/** Opens a row's details: the keyboard's way in, since a row click needs a mouse. */
export function DetailsButton({ id, onOpen }: { id: string; onOpen: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      aria-label={TABLE_TEXTS.viewDetails(id)}
      onClick={(event) => {
        // The row's own click would open the details a second time.
        event.stopPropagation();
        onOpen();
      }}
    >
      <IconChevronRight size={18} aria-hidden />
    </ActionIcon>
  );
}
