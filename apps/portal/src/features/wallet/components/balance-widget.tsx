import { useState } from 'react';
import { BalanceCard } from '@/components/balance-card';
import { useBalance } from '../api/get-balance';

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
  const [revealed, setRevealed] = useState(false);
  const balance = useBalance(orgId, accountId, { enabled: revealed });
  return (
    <BalanceCard
      title={title}
      revealed={revealed}
      onToggle={() => setRevealed((current) => !current)}
      balance={balance.data}
      loading={balance.isPending}
      mini={mini}
      testId={mini ? 'widget-mini-balance' : 'widget-balance'}
    />
  );
}
