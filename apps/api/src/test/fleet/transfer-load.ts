import { Browser, newKey } from '../faults/http.ts';
import type { FaultWorld } from '../faults/world.ts';

export interface TransferLoad {
  /** Answers by status (201 moved, 422 refused by a rule: both are answers). */
  statuses: Record<number, number>;
  /** Requests that got no answer or an answer that is not one (a 5xx, a 502 from the balancer). */
  failures: string[];
  /** What each account should have moved by, from the 201s. */
  deltas: Map<number, bigint>;
}

/**
 * `count` transfers between the branch's main wallet and its JAM-DEX wallet, `concurrency` at a
 * time, each with its Idempotency-Key, as the portal's transfer modal sends them. `onAnswer` hears
 * how many have been answered so far (a test kills or stops an instance part way).
 */
export async function runTransferLoad(
  manager: Browser,
  world: FaultWorld,
  options: { count: number; concurrency: number; onAnswer?: (answered: number) => void },
): Promise<TransferLoad> {
  const load: TransferLoad = { statuses: {}, failures: [], deltas: new Map() };
  const move = (account: number, amount: bigint) =>
    load.deltas.set(account, (load.deltas.get(account) ?? 0n) + amount);
  let next = 0;
  let answered = 0;
  const one = async (i: number) => {
    const out = i % 2 === 0;
    const amount = 1_000 + (i % 7) * 100;
    try {
      const answer = await manager.send({
        method: 'POST',
        path: `/api/account/v1/accounts/${world.wallet}/transfers`,
        key: newKey(),
        body: {
          transfer_type: out ? 'CASH_OUT' : 'CASH_IN',
          account_type: 'CBDC',
          account_id: world.jamDex,
          amount,
        },
      });
      load.statuses[answer.status] = (load.statuses[answer.status] ?? 0) + 1;
      if (answer.status === 201) {
        const [from, to] = out ? [world.wallet, world.jamDex] : [world.jamDex, world.wallet];
        move(from, -BigInt(amount));
        move(to, BigInt(amount));
      } else if (answer.status !== 422) {
        load.failures.push(`transfer ${i} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
    } catch (error) {
      load.failures.push(`transfer ${i}: ${error instanceof Error ? error.message : String(error)}`);
    }
    options.onAnswer?.(++answered);
  };
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.count) await one(next++);
    }),
  );
  return load;
}
