import { BELL_NOTIFICATIONS_COUNT } from '@lynk/contract/constants';
import { ActionIcon, Indicator, Loader, Menu, Text } from '@mantine/core';
import { IconBell, IconList, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NOT_AVAILABLE_TEXTS } from '@/components/texts';
import { organisationPaths, useOrganisation } from '@/lib/organisation';
import { useBellFeed, type BellFeed } from '../hooks/use-bell-feed';
import { NOTIFICATION_TEXTS } from '../texts';

function FeedItems({ feed }: { feed: BellFeed }) {
  if (feed.status === 'unavailable') {
    return (
      <Text size="sm" c="dimmed" px="sm" py="xs" role="status">
        {NOT_AVAILABLE_TEXTS.pane(NOTIFICATION_TEXTS.notifications)}
      </Text>
    );
  }
  if (feed.status === 'loading') return <Loader size="sm" type="dots" m="sm" aria-hidden />;
  return feed.latest.slice(0, BELL_NOTIFICATIONS_COUNT).map((notification) => (
    <Menu.Item key={notification.id} fw={notification.read ? 400 : 700}>
      {notification.title}
    </Menu.Item>
  ));
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

  return (
    <Menu position="bottom-end" width={300} shadow="lg" radius="md" offset={8}>
      <Menu.Target>
        <Indicator disabled={unread === 0} label={unread} size={16} offset={6}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={NOTIFICATION_TEXTS.bell}
          >
            <IconBell size={20} stroke={1.8} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown data-testid="notification-bell-dropdown">
        <Menu.Label>{NOTIFICATION_TEXTS.bell}</Menu.Label>
        <FeedItems feed={feed} />
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.notifications} leftSection={<IconList size={16} aria-hidden />}>
          {NOTIFICATION_TEXTS.viewAll}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.notificationSettings}
          leftSection={<IconSettings size={16} aria-hidden />}
        >
          {NOTIFICATION_TEXTS.settings}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
