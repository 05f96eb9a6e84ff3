import { NOTIFICATIONS_PAGE_SIZE, TRUNCATE_AT, truncate } from '@lynk/contract/constants';
import type { ListingQuery } from '@lynk/contract/listings';
import { NOTIFICATION_GROUPS, type Notification, type NotificationGroup } from '@lynk/contract/notifications';
import { Badge, Box, Button, Group, Stack, Text, type TextProps } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { dataTableColumns } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { firstListingQuery, type ListingPrefetch } from '@/components/data-table/listing-prefetch';
import { useListingParams } from '@/components/data-table/use-listing-params';
import { formatTimestamp } from '@/lib/format';
import { EMPTY_PAGE } from '@/lib/listing';
import { useOrganization } from '@/lib/organization';
import { useIsSmartphone } from '@/lib/use-smartphone';
import {
  notificationsPageQueryOptions,
  useNotificationsPage,
  type NotificationsQuery,
} from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useOpenNotification } from '../hooks/use-open-notification';
import type { NotificationTab } from '../tabs';
import { NOTIFICATION_TEXTS } from '../texts';

/** On smartphones a title is cut at 25 characters and a body at 60 (spec section 9); the rest is in its tooltip. */
function Cut({ text, max, cut, ...props }: { text: string; max: number; cut: boolean } & TextProps) {
  const shown = cut ? truncate(text, max) : text;
  return (
    <Text {...props} title={shown === text ? undefined : text}>
      {shown}
    </Text>
  );
}

/** A notification's title (bold while unread, with its badge) and body. */
function NotificationSummary({ notification }: { notification: Notification }) {
  const cut = useIsSmartphone();
  return (
    <Box data-testid="notification-item" data-unread={notification.read ? undefined : true}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
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
    </Box>
  );
}

const column = dataTableColumns<Notification>();

/**
 * The notifications table (spec section 2, "Table columns ... notifications"): the notification
 * and its date, the sortable column. On a smartphone the date is the card's title (it stays under
 * the cards' 20 characters), so the notification's own title keeps its 25.
 */
const COLUMNS = column.columns([
  column.display({
    id: 'notification',
    header: NOTIFICATION_TEXTS.notificationColumn,
    cell: ({ row }) => <NotificationSummary notification={row.original} />,
  }),
  column.accessor('created', {
    header: NOTIFICATION_TEXTS.dateColumn,
    cell: ({ getValue }) => formatTimestamp(getValue()),
    enableSorting: true,
    meta: { hideOnCard: true },
  }),
]);

/** The list's group filter: `all` means no group; otherwise upper case with underscores. */
function notificationGroup(tab: NotificationTab): NotificationGroup | undefined {
  const group = tab.replace(/-/g, '_').toUpperCase();
  return NOTIFICATION_GROUPS.find((known) => known === group);
}

/** A page of the tab's group. */
const tabQuery = (tab: NotificationTab, listing: ListingQuery): NotificationsQuery => ({
  ...listing,
  group: notificationGroup(tab),
});

/** The first page of the tab's notifications, asked for by the router as soon as its URL matches. */
export function prefetchFirstPage(context: ListingPrefetch, tab: NotificationTab) {
  return context.client.prefetchQuery(
    notificationsPageQueryOptions(
      context.orgId,
      tabQuery(tab, firstListingQuery(context, NOTIFICATIONS_PAGE_SIZE)),
    ),
  );
}

/**
 * One tab of the notifications page: the group's notifications, ten a page, newest first by
 * default. Opening one marks it read, then shows its details; "Mark All As Read" also flips the
 * order between ascending and descending (spec section 2).
 */
export function NotificationsPane({ tab }: { tab: NotificationTab }) {
  const { orgId } = useOrganization();
  const listing = useListingParams({ pageSize: NOTIFICATIONS_PAGE_SIZE });
  const notifications = useNotificationsPage(orgId, tabQuery(tab, listing.query));
  const open = useOpenNotification();
  const markAll = useMarkAllRead(orgId);
  const page = notifications.data ?? EMPTY_PAGE;
  const { sort, setSort } = listing;

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
      <DataTable
        label={NOTIFICATION_TEXTS.listLabel}
        columns={COLUMNS}
        rows={page.rows}
        total={page.total}
        loading={notifications.isPending}
        listing={listing}
        rowKey={(row) => String(row.id)}
        cardTitle={(row) => formatTimestamp(row.created)}
        onOpenRow={open}
        filterable={false}
        testId="notifications-table"
      />
    </Stack>
  );
}
