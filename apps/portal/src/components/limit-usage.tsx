import { formatCents } from '@lynk/contract/money';
import { Skeleton, Stack, Text } from '@mantine/core';
import { LimitBar } from './limit-bar';
import classes from './limit-usage.module.css';
import { LIMIT_BAR_TEXTS } from './texts';

/** What is used of a limit, in cents. */
export interface LimitUsageFigures {
  used: number;
  limit: number;
  remaining: number;
}

const NOTHING: LimitUsageFigures = { used: 0, limit: 0, remaining: 0 };

/**
 * A limit's usage in a widget card (spec section 4): "J$… of J$… used" over its bar, or the bar
 * alone (`withText={false}`, a mini card). With no figures yet, skeletons the size of the text and
 * bar stand in their place, and the text keeps two lines whatever it says: a card is as tall
 * before its answer as after, so a row of cards never grows under the page.
 */
export function LimitUsage({
  label,
  usage,
  busy = usage === undefined,
  withText = true,
}: {
  /** The limit's category, the bar's accessible name. */
  label: string;
  usage: LimitUsageFigures | undefined;
  /** Still being read (figures shown meanwhile are a default). */
  busy?: boolean;
  withText?: boolean;
}) {
  const loading = usage === undefined;
  const shown = usage ?? NOTHING;
  return (
    <Stack gap={withText ? 'xs' : 4} aria-busy={busy || undefined}>
      {withText ? (
        <Skeleton visible={loading} className={classes.placeholder}>
          <Text size="sm" fw={600} className={classes.used}>
            {LIMIT_BAR_TEXTS.used(formatCents(shown.used), formatCents(shown.limit))}
          </Text>
        </Skeleton>
      ) : null}
      <Skeleton visible={loading} className={classes.placeholder}>
        <LimitBar label={label} remaining={shown.remaining} limit={shown.limit} showLabel={false} />
      </Skeleton>
    </Stack>
  );
}
