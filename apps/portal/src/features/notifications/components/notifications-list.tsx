import { NOTIFICATIONS_PAGE_SIZE, TRUNCATE_AT, truncate } from '@lynk/contract/constants';
import type { Notification } from '@lynk/contract/notifications';
import {
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  type TextProps,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { EmptyCard } from '@/components/empty-card';
import { useEffect } from 'react';
import { listingQuery, useListingParams } from '@/components/data-table/use-listing-params';
import { TableFooter } from '@/components/table-footer';
import { formatTimestamp } from '@/lib/format';
import { useOrganization } from '@/lib/organization';
import { useIsSmartphone } from '@/lib/use-smartphone';
import { useNotificationsPage } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { notificationGroup } from '../group';
import { useOpenNotification } from '../hooks/use-open-notification';
import type { NotificationTab } from '../tabs';
import { NOTIFICATION_TEXTS } from '../texts';
import { EMPTY_PAGE } from '@/lib/listing';

/** On smartphones a title is cut at 25 characters and a body at 60 (spec section 9); the rest is in its tooltip. */
function Cut({ text, max, cut, ...props }: { text: string; max: number; cut: boolean } & TextProps) {
  const shown = cut ? truncate(text, max) : text;
  return (
    <Text {...props} title={shown === text ? undefined : text}>
      {shown}
    </Text>
  );
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const cut = useIsSmartphone();
  return (
    <Card component="li" withBorder radius="md" padding={0}>
      <UnstyledButton
        onClick={onOpen}
        p="md"
        w="100%"
        data-testid="notification-item"
        data-unread={notification.read ? undefined : true}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Cut
            text={notification.title}
            max={TRUNCATE_AT.notificationTitle}
            cut={cut}
            fw={notification.read ? 500 : 700}
          />
          {notification.read ? null : (
            <Badge color="red" variant="light" size="sm" style={{ flexShrink: 0 }}>
              {NOTIFICATION_TEXTS.unread}
            </Badge>
          )}
        </Group>
        <Cut
          text={notification.body}
          max={TRUNCATE_AT.notificationBody}
          cut={cut}
          size="sm"
          c="dimmed"
          mt={4}
        />
        <Text size="xs" c="dimmed" mt={6}>
          {formatTimestamp(notification.created)}
        </Text>
      </UnstyledButton>
    </Card>
  );
}

/**
 * One tab of the notifications page: the group's notifications, ten a page, newest first by
 * default. Opening one marks it read, then shows its details; "Mark All As Read" also flips the
 * order between ascending and descending (spec section 2).
 */
export function NotificationsList({ tab }: { tab: NotificationTab }) {
  const { orgId } = useOrganization();
  const listing = useListingParams();
  const { page, sort, dateRange, setPage, setSort } = listing;
  const query = {
    ...listingQuery(page, NOTIFICATIONS_PAGE_SIZE, sort, dateRange),
    group: notificationGroup(tab),
  };
  const notifications = useNotificationsPage(orgId, query);
  const open = useOpenNotification();
  const markAll = useMarkAllRead(orgId);
  const { rows, total } = notifications.data ?? EMPTY_PAGE;
  const busy = notifications.isPending;

  // A page past the last (a shared link, or the list shrank): show the last page instead.
  const lastPage = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  const pastEnd = !busy && total > 0 && (page - 1) * NOTIFICATIONS_PAGE_SIZE >= total;
  useEffect(() => {
    if (pastEnd) setPage(lastPage, { replace: true });
  }, [pastEnd, lastPage, setPage]);

  const markAllAsRead = () =>
    markAll.mutate(undefined, { onSettled: () => setSort(sort === 'DESC' ? 'ASC' : 'DESC') });

  return (
    <Stack gap="md" data-testid={`notifications-pane-${tab}`}>
      <Group justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconChecks size={16} aria-hidden />}
          onClick={markAllAsRead}
          loading={markAll.isPending}
        >
          {NOTIFICATION_TEXTS.markAllAsRead}
        </Button>
      </Group>
      {busy || pastEnd ? (
        <Stack gap="sm" aria-busy>
          <VisuallyHidden role="status">{NOTIFICATION_TEXTS.loading}</VisuallyHidden>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={72} radius="md" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyCard
          title={NOTIFICATION_TEXTS.emptyTitle}
          body={NOTIFICATION_TEXTS.emptyBody}
          testId="notifications-empty"
        />
      ) : (
        <>
          <Stack
            component="ul"
            gap="sm"
            aria-label={NOTIFICATION_TEXTS.listLabel}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {rows.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={() => open(notification)}
              />
            ))}
          </Stack>
          <TableFooter page={page} pageSize={NOTIFICATIONS_PAGE_SIZE} total={total} onPageChange={setPage} />
        </>
      )}
    </Stack>
  );
}
