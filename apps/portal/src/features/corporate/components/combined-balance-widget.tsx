import type { Branch } from '@lynk/contract/accounts';
import { useState } from 'react';
import { BalanceCard } from '@/components/balance-card';
import { useOrganization } from '@/lib/organization';
import { CORPORATE_TEXTS } from '../texts';
import { useBranches } from '../api/get-branches';
import { useOrganizationBalance } from '../api/get-organization-balance';

/**
 * The organisation's own main wallet balance (when it has one) plus its branches' balances, in
 * bigint so no sum of cents ever passes through a float. A branch sent without its balance
 * (`null`: the user may not read balances there) is left out; when there is nothing readable at
 * all, there is no sum to show. `undefined` while the branches are loading.
 */
export function combinedBalance(
  branches: readonly Branch[] | undefined,
  ownBalance: number | null = null,
): bigint | null | undefined {
  if (!branches) return undefined;
  const balances = branches.flatMap((branch) => (branch.balance === null ? [] : [branch.balance]));
  if (ownBalance !== null) balances.push(ownBalance);
  if (branches.length > 0 && balances.length === 0) return null;
  return balances.reduce((sum, balance) => sum + BigInt(balance), 0n);
}

/**
 * The corporate balance (spec section 4: "The corporate view adds the organisation balance to
 * the wallet balance"): see `combinedBalance`. A failed branch list reads as none, so the widget
 * shows the organisation's own balance alone, or 0 without one.
 */
export function CombinedBalanceWidget({ mini = false }: { mini?: boolean }) {
  const { orgId, accounts } = useOrganization();
  const [revealed, setRevealed] = useState(false);
  const mainWallet = accounts.find((account) => account.type === 'LYNK');
  const branches = useBranches(orgId, { enabled: revealed });
  const own = useOrganizationBalance(orgId, mainWallet?.id, { enabled: revealed });
  const total =
    mainWallet && own.data === undefined ? undefined : combinedBalance(branches.data, own.data ?? null);

  return (
    <BalanceCard
      title={CORPORATE_TEXTS.combinedBalance}
      revealed={revealed}
      onToggle={() => setRevealed((current) => !current)}
      balance={total}
      loading={branches.isPending || (mainWallet !== undefined && own.isPending)}
      mini={mini}
      testId={mini ? 'widget-mini-combined-balance' : 'widget-combined-balance'}
    />
  );
}
