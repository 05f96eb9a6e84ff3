/**
 * Every user-facing text of the spec, copied verbatim (typos included: the spec is the contract
 * and tests compare against it). Components and services import these instead of retyping them.
 * A few texts the spec describes without quoting are marked "not quoted by the spec".
 *
 * Amount parameters are bare amounts ("1,234.50", from formatCents(c, { currencyPrefix: '' }))
 * because the templates already carry "J$" or "JMD" where the spec puts them.
 */
export { common } from './messages/common.ts';
export { auth } from './messages/auth.ts';
export { notFound } from './messages/not-found.ts';
export { logout } from './messages/logout.ts';
export { menu } from './messages/menu.ts';
export { table } from './messages/table.ts';
export { dateRange } from './messages/date-range.ts';
export { transactionStatus } from './messages/transaction-status.ts';
export { transfer } from './messages/transfer.ts';
export { paymentRequest } from './messages/payment-request.ts';
export { refund } from './messages/refund.ts';
export { exportTexts as export } from './messages/export-texts.ts';
export { batch } from './messages/batch.ts';
export { singlePayment } from './messages/single-payment.ts';
export { payee } from './messages/payee.ts';
export { staff } from './messages/staff.ts';
export { notifications } from './messages/notifications.ts';
export { qr } from './messages/qr.ts';
