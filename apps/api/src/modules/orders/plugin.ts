import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ConsumerAuthOptions } from '../consumer-auth/index.ts';
import { EXPIRE_ORDERS_CRON, EXPIRE_ORDERS_JOB, expireUnpaidOrders } from './jobs.ts';
import { orderRoutes } from './routes.ts';
import type { OrderSettings } from './service.ts';

/**
 * Orders, refunds and pay links under /api/payment, and, when background jobs run, the minute's
 * expiry of unpaid payment requests (ADR 044: each module registers its own routes and jobs).
 */
export const ordersPlugin = fp(async function orders(
  app: FastifyInstance,
  opts: { settings: OrderSettings; consumers: ConsumerAuthOptions },
) {
  await app.register(orderRoutes, { prefix: '/api/payment', ...opts });
  const { boss } = app;
  if (!boss) return;
  await boss.createQueue(EXPIRE_ORDERS_JOB);
  if (!app.runsJobs) return;
  await boss.work(EXPIRE_ORDERS_JOB, async () => {
    const expired = await expireUnpaidOrders(app.db, app.clock());
    if (expired > 0) app.log.info({ expired }, 'expired unpaid payment requests');
  });
  await boss.schedule(EXPIRE_ORDERS_JOB, EXPIRE_ORDERS_CRON);
});
