/**
 * Batch payments.
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export { validateBatch } from './jobs.ts';
export { lookUpPayee } from './payees.ts';
export { exportPayoutsPage, type Payout } from './payouts.ts';
export { batchesPlugin } from './plugin.ts';
export { processBatch } from './processing.ts';
export { createBatch } from './service.ts';
export { approveBatch, rejectBatch, requestApproval } from './transitions.ts';
export { DecodedFile } from './upload-body.ts';
