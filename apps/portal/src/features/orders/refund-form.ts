import { NOTE_MAX_LENGTH } from '@lynk/contract/constants';
import { parseAmountToCents } from '@lynk/contract/money';
import { REFUND_REQUEST_SCHEMAS, type RefundKind } from '@lynk/contract/orders';
import { z } from 'zod';
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
    amount: z
      .string()
      .min(1, REFUND_TEXTS.amountRequired)
      .transform((typed, context) => {
        // "12." is an amount being typed, not a mistake.
        const cents = parseAmountToCents(typed.replace(/\.$/, ''));
        if (cents === null) {
          context.addIssue({ code: 'custom', message: REFUND_TEXTS.amountInvalid });
          return z.NEVER;
        }
        return cents;
      })
      .pipe(amount.max(leftCents, REFUND_TEXTS.amountOverTotal)),
    reason: z.string().pipe(motif),
    notes: z.string().max(NOTE_MAX_LENGTH, REFUND_TEXTS.notesTooLong).pipe(description.unwrap()),
  });
}

export type RefundFormInput = z.input<ReturnType<typeof refundFormSchema>>;
export type RefundFormOutput = z.output<ReturnType<typeof refundFormSchema>>;
