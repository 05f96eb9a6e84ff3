import { useState } from 'react';
import { BalanceCard } from '@/components/balance-card';
import { useOrganisation } from '@/lib/organisation';
import { WIDGET_TEXTS } from '@/lib/texts';
import { useBranches } from '../api/get-branches';

/**
 * The corporate balance: the branches' main wallet balances added up (in bigint, so no sum of
 * cents ever passes through a float). A failed branch list reads as none, so the total shows 0.
 */
export function CombinedBalanceWidget({ mini = false }: { mini?: boolean }) {
  const { orgId } = useOrganisation();
  const [revealed, setRevealed] = useState(false);
  const branches = useBranches(orgId, { enabled: revealed });
  const total = branches.data?.reduce((sum, branch) => sum + BigInt(branch.balance), 0n);

  return (
    <BalanceCard
      title={WIDGET_TEXTS.combinedBalance}
      revealed={revealed}
      onToggle={() => setRevealed((current) => !current)}
      balance={total}
      loading={branches.isPending}
      mini={mini}
      testId={mini ? 'widget-mini-combined-balance' : 'widget-combined-balance'}
    />
  );
}
