import { NOTE_MAX_LENGTH } from '@lynk/contract/constants';
import { REFUND_REQUEST_SCHEMAS, type RefundKind } from '@lynk/contract/orders';
import { z } from 'zod/mini';
import { typedAmountInCents } from '@/lib/typed-amount';
import { REFUND_TEXTS } from './texts';

/**
 * The refund form's schema (spec section 5, "Refund"): the amount as typed becomes cents once and
 * then meets the contract's own rule (at least J$1 for a partial refund, "Amount is required"; a
 * full refund is whatever is left, even under J$1) and the most that is left
 * to refund ("Amount is greater than the Total"); the reason is one of the contract's motifs
 * ("Reason is required"); the notes are optional, at most 100 characters.
 */
export function refundFormSchema(leftCents: number, kind: RefundKind) {
  const { amount_to_refund: amount, motif, description } = REFUND_REQUEST_SCHEMAS[kind].shape;
  return z.object({
    amount: z.pipe(
      typedAmountInCents({ required: REFUND_TEXTS.amountRequired, invalid: REFUND_TEXTS.amountInvalid }),
      amount.check(z.lte(leftCents, REFUND_TEXTS.amountOverTotal)),
    ),
    reason: z.pipe(z.string(), motif),
    // The contract's description is `default('')`: the form pipes into the string rule it wraps.
    notes: z.pipe(
      z.string().check(z.maxLength(NOTE_MAX_LENGTH, REFUND_TEXTS.notesTooLong)),
      description.def.innerType,
    ),
  });
}

export type RefundFormInput = z.input<ReturnType<typeof refundFormSchema>>;
export type RefundFormOutput = z.output<ReturnType<typeof refundFormSchema>>;
