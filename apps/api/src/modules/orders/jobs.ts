import type { Db } from '../../db/transaction.ts';
import { expireOrders } from './repository.ts';

export const EXPIRE_ORDERS_JOB = 'orders-expire';
/** Every minute: the pay page already reads a request past its time as expired; this records it. */
export const EXPIRE_ORDERS_CRON = '* * * * *';

/** Payment requests past their time and still unpaid become EXPIRED; answers how many. */
export function expireUnpaidOrders(db: Db, now: Date): Promise<number> {
  return expireOrders(db, now);
}
