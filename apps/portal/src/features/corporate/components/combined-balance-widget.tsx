import type { Branch } from '@lynk/contract/accounts';
import { useState } from 'react';
import { BalanceCard } from '@/components/balance-card';
import { useOrganisation } from '@/lib/organisation';
import { WIDGET_TEXTS } from '@/lib/texts';
import { useBranches } from '../api/get-branches';

/**
 * The branches' balances added up, in bigint so no sum of cents ever passes through a float. A
 * branch sent without its balance (`null`: the user may not read balances there) is left out;
 * when every branch is, there is no sum to show. `undefined` while the list is loading.
 */
export function combinedBalance(branches: readonly Branch[] | undefined): bigint | null | undefined {
  if (!branches) return undefined;
  const balances = branches.flatMap((branch) => (branch.balance === null ? [] : [branch.balance]));
  if (branches.length > 0 && balances.length === 0) return null;
  return balances.reduce((sum, balance) => sum + BigInt(balance), 0n);
}

/**
 * The corporate balance: the branches' main wallet balances added up (see `combinedBalance`). A
 * failed branch list reads as none, so the total shows 0.
 */
export function CombinedBalanceWidget({ mini = false }: { mini?: boolean }) {
  const { orgId } = useOrganisation();
  const [revealed, setRevealed] = useState(false);
  const branches = useBranches(orgId, { enabled: revealed });
  const total = combinedBalance(branches.data);

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
