import { formatCents } from '@lynk/contract/money';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { skipToken } from '@tanstack/react-query';
import { useOrganization } from '@/lib/organization';
import { useWeeklyBatchLimit } from '../api/get-weekly-limit';
import { CONFIRM_TEXTS } from '../texts';

export interface WeeklyLimitWarningProps {
  /** The batch's total in cents, fees and GCT included: what the weekly limit counts. */
  total: number;
  /** An admin reads the spec's admin text; anyone else the manager's. */
  asAdmin: boolean;
}

/**
 * The weekly limit on the Confirm Payment screen (spec sections 5 and 8): when the batch's total is
 * above what remains of the main wallet's weekly batch limit, as the admin's approval compares
 * them, the spec's text says how much remains. A limit that cannot be read (or no main wallet to
 * read it from) gets the spec's "technical difficulties" text. It warns and blocks nothing: sending
 * for approval moves no money, the limit resets at the end of the week, and the approval itself is
 * refused over the limit.
 */
export function WeeklyLimitWarning({ total, asAdmin }: WeeklyLimitWarningProps) {
  const { orgId, accounts } = useOrganization();
  const wallet = accounts.find((account) => account.type === 'LYNK');
  const limit = useWeeklyBatchLimit(orgId, wallet ? wallet.id : skipToken);

  let message: string | null = null;
  if (!wallet || limit.isError) {
    message = CONFIRM_TEXTS.weeklyLimitCheckFailed;
  } else if (limit.data && BigInt(total) > BigInt(limit.data.remaining)) {
    const remaining = formatCents(limit.data.remaining, { currencyPrefix: '' });
    message = asAdmin ? CONFIRM_TEXTS.weeklyLimitAdmin(remaining) : CONFIRM_TEXTS.weeklyLimit(remaining);
  }
  if (!message) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      data-testid="weekly-limit-warning"
    >
      {message}
    </Alert>
  );
}
