import type { LimitTransferType } from '@lynk/contract/statuses';
import { Stack } from '@mantine/core';
import { WidgetCarousel } from '@/components/widget-carousel';
import { useCan } from '@/lib/permissions';
import { useIsSmartphone } from '@/lib/use-smartphone';
import { CORPORATE_WIDGET_TEXTS } from '../texts';
import { BranchLimitsWidget } from './branch-limits-widget';
import { CombinedBalanceWidget } from './combined-balance-widget';

/** The limit cards in the order of the branch table's bars. */
const LIMIT_TYPES: readonly LimitTransferType[] = ['TOP', 'ACH_CASHOUT', 'MBATCH'];

/**
 * The corporate view's widgets (spec section 2), each shown only with its permission: the combined
 * balance (balance read) and the branches' limit usage (account limits). Desktop shows them in one
 * carousel; smartphones in two mini carousels, balances and limits, so neither pushes the other
 * off the screen.
 */
export function CorporateWidgets() {
  const canSeeBalance = useCan('balance');
  const canSeeLimits = useCan('accountLimits');
  const isSmartphone = useIsSmartphone();
  const balances = canSeeBalance ? [<CombinedBalanceWidget key="combined" mini={isSmartphone} />] : [];
  const limits = canSeeLimits
    ? LIMIT_TYPES.map((type) => <BranchLimitsWidget key={type} type={type} mini={isSmartphone} />)
    : [];
  if (balances.length === 0 && limits.length === 0) return null;

  if (!isSmartphone) {
    return (
      <WidgetCarousel label={CORPORATE_WIDGET_TEXTS.overview}>
        {balances}
        {limits}
      </WidgetCarousel>
    );
  }
  return (
    <Stack gap="sm" data-testid="corporate-mini-carousels">
      <WidgetCarousel label={CORPORATE_WIDGET_TEXTS.balances}>{balances}</WidgetCarousel>
      <WidgetCarousel label={CORPORATE_WIDGET_TEXTS.limits}>{limits}</WidgetCarousel>
    </Stack>
  );
}
