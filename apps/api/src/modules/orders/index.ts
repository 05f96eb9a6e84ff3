/**
 * Orders, refunds, pay links and their fees.
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export { divideHalfUp, type FeeSchedule, GCT_BASIS_POINTS, orderFees, refundShares } from './fees.ts';
export { type Consumer, payPayLink } from './pay-service.ts';
export { ordersPlugin } from './plugin.ts';
export {
  exportOrdersPage,
  exportRefundsPage,
  listOrders,
  listRefunds,
  ownerFilter,
  ownOrderIds,
  refundOrder,
} from './service.ts';
