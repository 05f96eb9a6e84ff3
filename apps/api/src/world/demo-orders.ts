import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ROLE_NAMES, ROLE_PERMISSIONS } from '@lynk/contract/roles';
import type { SessionIdentity } from '@lynk/contract/session';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { EngineOutcome, Ledger } from '../modules/ledger/index.ts';
import { type Consumer, payPayLink, refundOrder } from '../modules/orders/index.ts';
import { createDemoConsumers, DEMO_CONSUMERS } from './demo-consumers.ts';
import { planDemoOrders, type BranchStaff, type PlannedOrder, type StaffMember } from './demo-order-plan.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The branches' wallets and the staff who take their orders (looked up by their demo emails). */
export async function findBranchStaff(
  db: Kysely<Database>,
  branches: Array<{ org: string; slug: string }>,
  emailDomain: string,
): Promise<BranchStaff[]> {
  const staff: BranchStaff[] = [];
  for (const branch of branches) {
    const wallet = await db
      .selectFrom('merchants as m')
      .innerJoin('accounts as a', (join) =>
        join.onRef('a.merchant_id', '=', 'm.id').on('a.type', '=', 'LYNK'),
      )
      .select(['m.id as merchantId', 'a.id as walletId'])
      .where('m.organization_id', '=', branch.org)
      .executeTakeFirstOrThrow();
    const member = async (role: string): Promise<StaffMember> => {
      const user = await db
        .selectFrom('users')
        .select(['id', 'display_name'])
        .where('email', '=', `${role}.${branch.slug}@${emailDomain}`)
        .executeTakeFirstOrThrow();
      return { userId: user.id, displayName: user.display_name };
    };
    staff.push({
      ...wallet,
      orgId: branch.org,
      admin: await member('admin'),
      manager: await member('manager'),
      cashier: await member('cashier'),
    });
  }
  return staff;
}

function accepted(outcome: EngineOutcome, what: string): unknown {
  if (outcome.outcome !== 'accepted') throw new Error(`Demo ${what} ended ${outcome.outcome}`);
  return outcome.body;
}

/** A key claim as a client would send one; it expires an hour after the move, like any other. */
const claim = (scope: string, at: Date) => ({
  scope,
  key: `demo-${randomBytes(8).toString('hex')}`,
  requestHash: 'demo-seed',
  expiresAt: new Date(at.getTime() + 60 * 60 * 1000),
});

function managerIdentity(branch: BranchStaff): SessionIdentity {
  return {
    id: String(branch.manager.userId),
    authID: 'demo-seed',
    role: ROLE_NAMES[2],
    role_id: 2,
    displayName: branch.manager.displayName,
    email: '',
    org_id: branch.orgId,
    merchant_id: branch.merchantId,
    permissions: [...ROLE_PERMISSIONS[2]],
  };
}

interface Placed {
  id: string;
  plan: PlannedOrder;
  branch: BranchStaff;
  transferId?: string;
}

/**
 * The demo customers and each branch's orders of the last three months, in every status and
 * channel: customers pay through the pay service and managers refund through the refund service,
 * so every paid order moved real money through the ledger engine (customer's wallet → the
 * branch's wallet, Lynk's commission and its GCT) and every refund moved it back.
 */
export async function seedDemoOrders(
  db: Kysely<Database>,
  ledger: Ledger,
  branches: BranchStaff[],
  passwordHash: Promise<string>,
  now: Date,
): Promise<void> {
  const { feeSchedule } = loadConfig({}).orders;
  const weights = DEMO_CONSUMERS.map((c) => c.weight);
  const plans = branches.map((branch, i) => planDemoOrders(i, branch, weights, feeSchedule, now));

  const spend = new Map<string, bigint>();
  for (const plan of plans.flat()) {
    if (plan.payer === null) continue;
    const handle = DEMO_CONSUMERS[plan.payer]!.handle;
    spend.set(handle, (spend.get(handle) ?? 0n) + plan.amount);
  }
  const consumers: Consumer[] = await createDemoConsumers(
    db,
    ledger,
    await passwordHash,
    spend,
    new Date(now.getTime() - 100 * DAY),
  );

  const placed: Placed[] = [];
  for (const [i, branch] of branches.entries()) {
    const rows = await db
      .insertInto('orders')
      .values(
        plans[i]!.map((plan) => ({
          merchant_id: branch.merchantId,
          wallet_account_id: branch.walletId,
          code: plan.code,
          amount: plan.amount,
          fee: plan.fee,
          tax: plan.tax,
          currency: 'JMD' as const,
          description: plan.description,
          // Paid orders wait for their payment; the others are as they ended.
          status: plan.payer === null ? plan.status : ('RECEIVED' as const),
          channel: plan.channel,
          created_by: plan.createdBy,
          cashier_name: plan.cashierName,
          created_at: plan.createdAt,
          updated_at: plan.payer === null ? plan.updatedAt : plan.createdAt,
          expires_at: plan.expiresAt,
          external_transaction_id: plan.externalId,
        })),
      )
      .returning('id')
      .execute();
    rows.forEach((row, n) => placed.push({ id: row.id, plan: plans[i]![n]!, branch }));
  }

  // Every payment at once: the engine posts them in batches, as it would a busy afternoon's.
  await Promise.all(
    placed
      .filter((order) => order.plan.payer !== null)
      .map(async (order) => {
        const consumer = consumers[order.plan.payer!]!;
        const paidAt = order.plan.paidAt!;
        const outcome = await payPayLink(
          db,
          ledger,
          consumer,
          order.plan.code,
          claim(`consumer:${consumer.id}`, paidAt),
          paidAt,
        );
        const body = accepted(outcome, `payment of order ${order.id}`) as { data: { transfer_id: string } };
        order.transferId = body.data.transfer_id;
      }),
  );

  // A refund the customer asked for that the branch has not given yet.
  const pending = placed.filter((order) => order.plan.status === 'PENDING_REFUND');
  for (const order of pending) {
    await db
      .updateTable('orders')
      .set({ status: 'PENDING_REFUND', updated_at: new Date(order.plan.paidAt!.getTime() + DAY) })
      .where('id', '=', order.id)
      .where('status', '=', 'PAID')
      .execute();
  }

  // Refunds one round at a time: a second refund of an order counts what the first gave back.
  for (let round = 0; ; round++) {
    const due = placed.filter((order) => order.plan.refunds[round] !== undefined);
    if (due.length === 0) break;
    await Promise.all(
      due.map(async (order) => {
        const refund = order.plan.refunds[round]!;
        const outcome = await refundOrder(
          db,
          ledger,
          { identity: managerIdentity(order.branch), ip: '127.0.0.1', now: refund.at },
          order.id,
          refund.kind,
          {
            amount_to_refund: Number(refund.amount),
            transferID: order.transferId!,
            description: refund.description,
            motif: refund.motif,
          },
          claim(`${order.branch.merchantId}:${order.branch.manager.userId}:POST /refund`, refund.at),
        );
        accepted(outcome, `refund of order ${order.id}`);
      }),
    );
  }
}
