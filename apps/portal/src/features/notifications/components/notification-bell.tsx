import { BELL_NOTIFICATIONS_COUNT } from '@lynk/contract/constants';
import { ActionIcon, Anchor, Divider, Group, Indicator, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconList, IconSettings } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { NOT_AVAILABLE_TEXTS } from '@/components/texts';
import { organisationPaths, useOrganisation } from '@/lib/organisation';
import { useBellFeed, type BellFeed } from '../hooks/use-bell-feed';
import { NOTIFICATION_TEXTS } from '../texts';

function FeedItems({ feed }: { feed: BellFeed }) {
  if (feed.status === 'ready') {
    return (
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {feed.latest.slice(0, BELL_NOTIFICATIONS_COUNT).map((notification) => (
          <Text component="li" key={notification.id} size="sm" fw={notification.read ? 400 : 700}>
            {notification.title}
          </Text>
        ))}
      </Stack>
    );
  }
  return (
    <Text size="sm" c="dimmed" role="status">
      {feed.status === 'unavailable'
        ? NOT_AVAILABLE_TEXTS.pane(NOTIFICATION_TEXTS.notifications)
        : NOTIFICATION_TEXTS.loading}
    </Text>
  );
}

/**
 * The header's notification bell (spec section 2): a dropdown with up to five latest
 * notifications, "View All" (the notifications page) and "Settings" (notification settings).
 */
export function NotificationBell() {
  const { segment } = useOrganisation();
  const paths = organisationPaths(segment);
  const feed = useBellFeed();
  const unread = feed.status === 'ready' ? feed.unread : 0;
  const [opened, { toggle, close }] = useDisclosure(false);
  const titleId = useId();

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? undefined : close())}
      position="bottom-end"
      width={300}
      shadow="lg"
      radius="md"
      offset={8}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          aria-label={NOTIFICATION_TEXTS.bell}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={toggle}
        >
          <Indicator disabled={unread === 0} label={unread} size={16} offset={2}>
            <IconBell size={20} stroke={1.8} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby={titleId} data-testid="notification-bell-dropdown">
        <Stack gap="sm">
          <Text id={titleId} fw={700} size="sm">
            {NOTIFICATION_TEXTS.bell}
          </Text>
          <FeedItems feed={feed} />
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
