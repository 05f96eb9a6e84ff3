import { NOTE_MAX_LENGTH } from '@lynk/contract/constants';
import { createPaymentRequestSchema } from '@lynk/contract/orders';
import { z } from 'zod/mini';
import { typedAmountInCents } from '@/lib/typed-amount';
import { PAYMENT_REQUEST_TEXTS } from './texts';

/**
 * The payment request form's schema (spec section 5, "Payment request"): the amount as typed
 * becomes cents once and meets the contract's minimum of J$1 with its message ("The amount needs to
 * be greater than J$ 0.00", also for an emptied field); the note is optional, at most 100 characters.
 */
export const paymentRequestFormSchema = z.object({
  amount: z.pipe(
    typedAmountInCents({
      required: PAYMENT_REQUEST_TEXTS.amountTooLow,
      invalid: PAYMENT_REQUEST_TEXTS.amountInvalid,
    }),
    createPaymentRequestSchema.shape.amount_to_pay,
  ),
  // The contract's description is `default('')`: the form pipes into the string rule it wraps.
  note: z.pipe(
    z.string().check(z.maxLength(NOTE_MAX_LENGTH, PAYMENT_REQUEST_TEXTS.noteTooLong)),
    createPaymentRequestSchema.shape.description.def.innerType,
  ),
});

export type PaymentRequestFormInput = z.input<typeof paymentRequestFormSchema>;
export type PaymentRequestFormOutput = z.output<typeof paymentRequestFormSchema>;
