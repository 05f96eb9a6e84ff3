import type { Batch } from '@lynk/contract/batches';
import { BATCH_STATUS_MAX_TRIES } from '@lynk/contract/constants';
import { BATCH_VALIDATION_DONE_STATUSES, hasBatchReceipt } from '@lynk/contract/statuses';
import type { TransactionStatusOptions } from '@/components/transaction-status-modal';
import { SOURCE_TEXTS } from './texts';

/** An upload or a single payment is read every 2 s until VALIDATED or INVALID_PAYEE (spec section 4). */
export function keepPollingValidation(batch: Batch | undefined): boolean {
  return !batch || !(BATCH_VALIDATION_DONE_STATUSES as readonly string[]).includes(batch.status);
}

/**
 * Spec section 4, "Batch payment status after approval": the batch is read every 2 s, up to 15
 * times, until it is COMPLETED, COMPLETED_WITH_ERRORS or FAILED.
 */
export function keepPollingAfterApproval(batch: Batch | undefined, reads: number): boolean {
  return reads < BATCH_STATUS_MAX_TRIES && !(batch && hasBatchReceipt(batch.status));
}

/**
 * What the user is told once polling stops: success, partial success with the count of payees not
 * paid, failure ("Cash in is unavailable at this time." when a bank source has no cash-in), or,
 * still unfinished after the last try, that it is being processed.
 */
export function approvalOutcome(batch: Batch): TransactionStatusOptions {
  switch (batch.status) {
    case 'COMPLETED':
      return { variant: 'success', subtitle: SOURCE_TEXTS.success };
    case 'COMPLETED_WITH_ERRORS':
      return {
        variant: 'success',
        title: SOURCE_TEXTS.partialTitle,
        subtitle: SOURCE_TEXTS.partial(batch.payees_not_paid, batch.payee_count),
      };
    case 'FAILED': {
      const bankWithoutCashIn = batch.account_type === 'BANK_ACCOUNT' && !batch.cash_in_id;
      return {
        variant: 'batch-failure',
        title: SOURCE_TEXTS.failureTitle,
        subtitle: bankWithoutCashIn ? SOURCE_TEXTS.cashInUnavailable : (batch.error ?? undefined),
      };
    }
    default:
      return {
        variant: 'success-pending',
        title: SOURCE_TEXTS.stillProcessingTitle,
        subtitle: SOURCE_TEXTS.stillProcessing,
      };
  }
}
