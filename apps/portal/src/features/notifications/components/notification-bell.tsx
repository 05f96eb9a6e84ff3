import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MENU_TEXTS } from '@/lib/texts';

/**
 * The header's notification bell. It leads to the notifications page; the dropdown with the
 * latest notifications and the unread count arrive with the notifications API.
 */
export function NotificationBell({ to }: { to: string }) {
  return (
    <ActionIcon
      component={Link}
      to={to}
      variant="subtle"
      color="gray"
      size="lg"
      radius="xl"
      aria-label={MENU_TEXTS.notifications}
    >
      <IconBell size={20} stroke={1.8} aria-hidden />
    </ActionIcon>
  );
}
