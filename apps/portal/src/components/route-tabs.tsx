import { SMARTPHONE_TABS } from '@lynk/contract/constants';
import { ActionIcon, Box, Group, Tabs, type TabsTabProps } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useIsSmartphone } from '@/lib/use-smartphone';
import { TAB_TEXTS } from './texts';
import classes from './route-tabs.module.css';

export interface RouteTab {
  value: string;
  label: string;
  /** Where the tab leads: every tab is a real link, so it can be opened, bookmarked and shared. */
  to: string;
}

/**
 * Mantine's `Tabs.Tab` forwards `component` to its polymorphic root but is not typed as
 * polymorphic; this is the one place that says so.
 */
const LinkTab = Tabs.Tab as unknown as ComponentType<TabsTabProps & { component: typeof Link; to: string }>;

/**
 * A tab bar whose tabs are links (the active tab follows the URL), with the active pane below it.
 * They are real tabs: one tab stop, and the arrow keys move to the next tab and open it.
 * On smartphones with more than three tabs only two are shown, with previous/next arrows and page dots.
 */
export function RouteTabs({
  label,
  tabs,
  value,
  children,
}: {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly RouteTab[];
  /** The active tab, from the URL. */
  value: string | null;
  children?: ReactNode;
}) {
  const isSmartphone = useIsSmartphone();
  const paged = isSmartphone && tabs.length > SMARTPHONE_TABS.pagingAbove;
  const pageCount = paged ? Math.ceil(tabs.length / SMARTPHONE_TABS.perPage) : 1;
  const activeIndex = tabs.findIndex((tab) => tab.value === value);
  const activePage = activeIndex > 0 ? Math.floor(activeIndex / SMARTPHONE_TABS.perPage) : 0;
  // The page the user browsed to; it resets to the active tab's page whenever the active tab changes.
  const [browsed, setBrowsed] = useState<{ forValue: string | null; page: number } | null>(null);
  const page = browsed && browsed.forValue === value ? browsed.page : activePage;
  const visible = paged
    ? tabs.slice(page * SMARTPHONE_TABS.perPage, (page + 1) * SMARTPHONE_TABS.perPage)
    : tabs;
  const showPanel = value !== null && activeIndex !== -1;

  const goTo = (next: number) =>
    setBrowsed({ forValue: value, page: Math.min(Math.max(next, 0), pageCount - 1) });

  return (
    <Tabs value={showPanel ? value : null} keepMounted={false} className={classes.root}>
      <Group gap={4} wrap="nowrap" align="stretch">
        {paged ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            className={classes.arrow}
            aria-label={TAB_TEXTS.previousTabs}
            disabled={page === 0}
            onClick={() => goTo(page - 1)}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
        ) : null}
        <Tabs.List aria-label={label} grow={paged} className={classes.list}>
          {visible.map((tab) => (
            <LinkTab key={tab.value} value={tab.value} component={Link} to={tab.to} className={classes.tab}>
              {tab.label}
            </LinkTab>
          ))}
        </Tabs.List>
        {paged ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            className={classes.arrow}
            aria-label={TAB_TEXTS.nextTabs}
            disabled={page === pageCount - 1}
            onClick={() => goTo(page + 1)}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
      {paged ? (
        <Group justify="center" gap={6} mt="xs" aria-hidden data-testid="tab-page-dots">
          {Array.from({ length: pageCount }, (_, index) => (
            <Box key={index} className={classes.dot} data-active={index === page || undefined} />
          ))}
        </Group>
      ) : null}
      {showPanel ? (
        <Tabs.Panel value={value} pt="lg">
          {children}
        </Tabs.Panel>
      ) : (
        <Box pt="lg">{children}</Box>
      )}
    </Tabs>
  );
}
