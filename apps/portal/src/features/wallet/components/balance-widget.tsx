import { skipToken } from '@tanstack/react-query';
import { BalanceCard } from '@/components/balance-card';
import { useBalance } from '@/lib/get-balance';
import { useBalanceVisibility } from '../hooks/use-balance-visibility';

/** A wallet's balance, masked until revealed; revealing is what loads it (0 when it cannot be read). */
export function BalanceWidget({
  orgId,
  accountId,
  title,
  mini = false,
}: {
  orgId: string;
  accountId: number;
  title: string;
  mini?: boolean;
}) {
  const [revealed, toggle] = useBalanceVisibility(accountId);
  const balance = useBalance(orgId, revealed ? accountId : skipToken);
  return (
    <BalanceCard
      title={title}
      revealed={revealed}
      onToggle={toggle}
      balance={balance.data}
      loading={balance.isPending}
      mini={mini}
      testId={mini ? 'widget-mini-balance' : 'widget-balance'}
    />
  );
}
