/**
 * Pay-link payments for the orders benchmark: many payment requests awaiting payment, paid
 * concurrently by funded customers through the pay service and the app's ledger engine.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../apps/api/src/db/database.ts';
import { orderFees, type FeeSchedule } from '../apps/api/src/modules/orders/fees.ts';
import { payPayLink, type Consumer } from '../apps/api/src/modules/orders/pay-service.ts';
import { createConsumer } from '../apps/api/src/world/consumers.ts';
import { drive } from './inject-load.ts';

const HOUR = 60 * 60 * 1000;

export async function payLinksConcurrently(
  app: FastifyInstance,
  database: DatabaseHandle,
  options: {
    payments: number;
    callers: number;
    customers: number;
    merchantId: number;
    feeSchedule: FeeSchedule;
  },
) {
  const { db } = database;
  const run = randomBytes(3).toString('hex');
  const consumers: Consumer[] = [];
  for (let k = 0; k < options.customers; k++) {
    const handle = `@bench.${run}.${k}`;
    consumers.push(
      await createConsumer(db, app.ledger, {
        handle,
        email: `${handle.slice(1)}@bench.example`,
        displayName: `Bench customer ${k}`,
        passwordHash: 'bench-no-sign-in',
        balance: 10n ** 12n,
        at: new Date(),
      }),
    );
  }
  const wallet = await db
    .selectFrom('accounts')
    .select('id')
    .where('merchant_id', '=', options.merchantId)
    .where('type', '=', 'LYNK')
    .executeTakeFirstOrThrow();
  const now = new Date();
  const codes: string[] = [];
  for (let start = 0; start < options.payments; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, options.payments - start) }, (_, n) => {
      const amount = BigInt(500 + ((start + n) % 40) * 125) * 100n;
      const code = randomBytes(16).toString('base64url');
      codes.push(code);
      return {
        merchant_id: options.merchantId,
        wallet_account_id: wallet.id,
        code,
        amount,
        ...orderFees(amount, options.feeSchedule),
        currency: 'JMD' as const,
        description: 'Bench payment request',
        status: 'RECEIVED' as const,
        channel: 'PAYMENT_LINK' as const,
        created_by: null,
        cashier_name: null,
        created_at: now,
        updated_at: now,
        expires_at: new Date(now.getTime() + 24 * HOUR),
        external_transaction_id: null,
      };
    });
    await db.insertInto('orders').values(rows).execute();
  }

  return drive(codes.length, options.callers, async (i) => {
    const consumer = consumers[i % consumers.length]!;
    const at = new Date();
    const outcome = await payPayLink(
      db,
      app.ledger,
      consumer,
      codes[i]!,
      {
        scope: `consumer:${consumer.id}`,
        key: `bench-${run}-${i}`,
        requestHash: 'bench',
        expiresAt: new Date(at.getTime() + HOUR),
      },
      at,
    );
    if (outcome.outcome !== 'accepted') throw new Error(`payment ${i} was ${outcome.outcome}`);
  });
}
