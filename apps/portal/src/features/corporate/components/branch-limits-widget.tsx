import type { Branch } from '@lynk/contract/accounts';
import { LIMIT_TRANSFER_TYPE_LABELS, type LimitTransferType } from '@lynk/contract/statuses';
import { Card, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { LimitUsage } from '@/components/limit-usage';
import { useOrganization } from '@/lib/organization';
import { CORPORATE_TEXTS } from '../texts';
import { useBranches } from '../api/get-branches';
import { CORPORATE_WIDGET_TEXTS } from '../texts';

/**
 * One limit category across the branches that sent their limits (a branch without balance read
 * sends none): the sum of their limits and of what remains, in bigint like every sum of cents.
 * `null` when no branch sent this limit.
 */
export function branchLimitTotals(
  branches: readonly Branch[],
  type: LimitTransferType,
): { limit: number; remaining: number; used: number } | null {
  const limits = branches.flatMap((branch) => (branch.limits ? [branch.limits[type]] : []));
  if (limits.length === 0) return null;
  const sum = (pick: (limit: (typeof limits)[number]) => number) =>
    Number(limits.reduce((total, limit) => total + BigInt(pick(limit)), 0n));
  return {
    limit: sum((limit) => limit.limit),
    remaining: sum((limit) => limit.remaining),
    used: sum((limit) => limit.used),
  };
}

/** The usage of one limit category summed over the branches, as a card of the corporate widgets. */
export function BranchLimitsWidget({ type, mini = false }: { type: LimitTransferType; mini?: boolean }) {
  const { orgId } = useOrganization();
  const branches = useBranches(orgId);
  const titleId = useId();
  const label = LIMIT_TRANSFER_TYPE_LABELS[type];
  const totals = branches.data ? branchLimitTotals(branches.data, type) : undefined;

  const content =
    totals === null ? (
      <Text size="sm" c="dimmed">
        {CORPORATE_TEXTS.limitUnavailable}
      </Text>
    ) : (
      <LimitUsage label={label} usage={totals} withText={!mini} />
    );

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      // A row of these cards scrolls sideways and holds no control: focusable cards let a keyboard
      // user reach (and scroll to) each one.
      tabIndex={0}
      withBorder
      radius="md"
      padding={mini ? 'sm' : 'lg'}
      h="100%"
      data-testid={`widget-branch-limit-${type}`}
    >
      <Stack gap={mini ? 6 : 'sm'}>
        <Text id={titleId} size={mini ? 'xs' : 'sm'} fw={600} c="dimmed" tt="uppercase" lts={0.4}>
          {CORPORATE_WIDGET_TEXTS.limitTitle(label)}
        </Text>
        {content}
      </Stack>
    </Card>
  );
}
