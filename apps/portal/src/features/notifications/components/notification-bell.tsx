import { BELL_NOTIFICATIONS_COUNT } from '@lynk/contract/constants';
import type { Notification } from '@lynk/contract/notifications';
import {
  ActionIcon,
  Anchor,
  Divider,
  Group,
  Indicator,
  Popover,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconList, IconSettings } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { organizationPaths, useOrganization } from '@/lib/organization';
import { useBellFeed, type BellFeed } from '../hooks/use-bell-feed';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NOTIFICATION_TEXTS, unreadBadge } from '../texts';

function FeedItems({ feed, onOpen }: { feed: BellFeed; onOpen: (notification: Notification) => void }) {
  if (feed.status === 'loading') {
    return (
      <Text size="sm" c="dimmed" role="status">
        {NOTIFICATION_TEXTS.loading}
      </Text>
    );
  }
  if (feed.latest.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="notification-bell-empty">
        {NOTIFICATION_TEXTS.none}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
      {feed.latest.slice(0, BELL_NOTIFICATIONS_COUNT).map((notification) => (
        <li key={notification.id}>
          <UnstyledButton
            onClick={() => onOpen(notification)}
            w="100%"
            p={6}
            style={{ borderRadius: 6 }}
            data-testid="notification-bell-item"
            data-unread={notification.read ? undefined : true}
          >
            <Text size="sm" fw={notification.read ? 400 : 700} lineClamp={1}>
              {notification.title}
              {notification.read ? null : (
                <VisuallyHidden component="span">{NOTIFICATION_TEXTS.unreadSuffix}</VisuallyHidden>
              )}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {notification.body}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}

/**
 * The header's notification bell (spec section 2): the unread count (99+ beyond 99), a dropdown
 * with up to five latest notifications, "View All" (the notifications page) and "Settings".
 * Opening one marks it read and shows its details, as on the notifications page. The badge sits beside the button, hidden
 * from assistive technology: the button's own name carries the count, so what is seen and what
 * is announced never disagree (axe's label-content-name-mismatch).
 */
export function NotificationBell() {
  const { segment } = useOrganization();
  const paths = organizationPaths(segment);
  const feed = useBellFeed();
  const unread = feed.status === 'ready' ? feed.unread : 0;
  const [opened, { toggle, close }] = useDisclosure(false);
  const titleId = useId();
  const openNotification = useOpenNotification();
  const open = (notification: Notification) => {
    close();
    openNotification(notification);
  };

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? undefined : close())}
      position="bottom-end"
      width={320}
      shadow="lg"
      radius="md"
      offset={8}
      trapFocus
      returnFocus
    >
      <Indicator
        disabled={unread === 0}
        label={<span aria-hidden="true">{unreadBadge(unread)}</span>}
        size={18}
        offset={6}
        color="red"
        data-testid="notification-bell-badge"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={NOTIFICATION_TEXTS.bellLabel(unread)}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={toggle}
            data-testid="notification-bell"
          >
            <IconBell size={20} stroke={1.8} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown role="dialog" aria-labelledby={titleId} data-testid="notification-bell-dropdown">
        <Stack gap="sm">
          <Text id={titleId} fw={700} size="sm">
            {NOTIFICATION_TEXTS.bell}
          </Text>
          <FeedItems feed={feed} onOpen={open} />
          <Divider />
          <Group justify="space-between">
            <Anchor component={Link} to={paths.notifications} size="sm" fw={600} onClick={close}>
              <Group gap={6} wrap="nowrap">
                <IconList size={16} aria-hidden />
                {NOTIFICATION_TEXTS.viewAll}
              </Group>
            </Anchor>
            <Anchor component={Link} to={paths.notificationSettings} size="sm" fw={600} onClick={close}>
              <Group gap={6} wrap="nowrap">
                <IconSettings size={16} aria-hidden />
                {NOTIFICATION_TEXTS.settings}
              </Group>
            </Anchor>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
