import { WidgetCarousel } from '@/components/widget-carousel';
import { useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useIsSmartphone } from '@/lib/use-smartphone';
import type { WalletKind } from '../tabs';
import { WIDGET_TEXTS } from '../texts';
import { hiddenWidgets, LIMIT_WIDGETS } from '../widgets';
import { BalanceWidget } from './balance-widget';
import { LimitWidget } from './limit-widget';

/**
 * The widgets above a wallet's tabs: its balance and, for the main wallet, the Payments, Cash - In
 * and Cash - Out limits. Both need balance read; a deployment may hide any by key. Smartphones get
 * a one-line balance instead of the carousel.
 */
export function WalletWidgets({ wallet }: { wallet: WalletKind }) {
  const { orgId, accounts } = useOrganization();
  const canSeeBalance = useCan('balance');
  const canSeeLimits = useCan('accountLimits');
  const isSmartphone = useIsSmartphone();
  const hidden = hiddenWidgets();
  const account = accounts.find((candidate) => candidate.type === (wallet === 'main' ? 'LYNK' : 'CBDC'));
  if (!account) return null;

  const title = wallet === 'main' ? WIDGET_TEXTS.balance : WIDGET_TEXTS.jamdexBalance;
  const showBalance = canSeeBalance && !hidden.has('balance');
  // Limits belong to the main wallet; JAM-DEX moves count against none.
  const limits =
    wallet === 'main' && canSeeLimits ? LIMIT_WIDGETS.filter((widget) => !hidden.has(widget.key)) : [];

  if (isSmartphone) {
    return showBalance ? <BalanceWidget orgId={orgId} accountId={account.id} title={title} mini /> : null;
  }
  return (
    <WidgetCarousel>
      {showBalance ? <BalanceWidget orgId={orgId} accountId={account.id} title={title} /> : null}
      {limits.map((widget) => (
        <LimitWidget
          key={widget.key}
          orgId={orgId}
          accountId={account.id}
          type={widget.type}
          testId={`widget-${widget.key}`}
        />
      ))}
    </WidgetCarousel>
  );
}
