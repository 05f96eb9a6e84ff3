/**
 * The accounts, balances and transfers.
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export { accountPlugin } from './plugin.ts';
export {
  EXPORT_EARLIEST_DATE,
  exportJamDexPaymentsPage,
  exportTransfersPage,
  listAccounts,
  listJamDexPayments,
  listTransferHistory,
  readBalance,
  readWalletLimit,
} from './service.ts';
export { makeTransfer, postTransfer } from './transfer-service.ts';
export { findRailTransfer, listDueRailTransfers, type RailTransfer } from './transfer-status.ts';
