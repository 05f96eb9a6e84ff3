import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ConsumerAuthOptions } from '../consumer-auth/index.ts';
import { EXPIRE_ORDERS_CRON, EXPIRE_ORDERS_JOB, expireUnpaidOrders } from './jobs.ts';
import { orderRoutes } from './routes.ts';
import type { OrderSettings } from './service.ts';

/**
 * Orders, refunds and pay links under /api/payment, and, when background jobs run, the minute's
 * expiry of unpaid payment requests, and once at start (ADR 044: each module registers its own
 * routes and jobs).
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
  const expire = async () => {
    const expired = await expireUnpaidOrders(app.db, app.clock());
    if (expired > 0) app.log.info({ expired }, 'expired unpaid payment requests');
  };
  await boss.work(EXPIRE_ORDERS_JOB, expire);
  await boss.schedule(EXPIRE_ORDERS_JOB, EXPIRE_ORDERS_CRON);
  // Requests whose time passed while no worker ran (an outage, a deploy) are recorded at start,
  // not at the next minute's run: the orders list agrees with the pay page from the first request.
  await expire();
});
