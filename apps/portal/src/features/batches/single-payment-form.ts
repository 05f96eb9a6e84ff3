import { lynkIdSchema, payeeAmountSchema } from '@lynk/contract/batches';
import { PAYEE_ID_MIN_LENGTH } from '@lynk/contract/constants';
import { z } from 'zod/mini';
import { typedAmountInCents } from '@/lib/typed-amount';
import { SINGLE_PAYMENT_TEXTS } from './texts';

/** The ID as typed, without the "@" the wizard adds (spec section 5, "Single payment"). */
export function typedLynkId(typed: string): string {
  return typed.trim().replace(/^@+/, '');
}

/** Next is enabled from 3 characters (spec section 5). */
export function isLynkIdLongEnough(typed: string): boolean {
  return typedLynkId(typed).length >= PAYEE_ID_MIN_LENGTH;
}

/** Step 0: the recipient's ID, sent with an "@" prefix and then held to the contract's rule. */
export const recipientFormSchema = z.object({
  lynkId: z.pipe(
    z.pipe(
      z.string(),
      z.transform((typed: string) => `@${typedLynkId(typed)}`),
    ),
    lynkIdSchema,
  ),
});
export type RecipientFormInput = z.input<typeof recipientFormSchema>;
export type RecipientFormOutput = z.output<typeof recipientFormSchema>;

/** Step 1: the amount as typed becomes cents once, then meets the contract's bounds for a payee. */
export const amountFormSchema = z.object({
  amount: z.pipe(
    typedAmountInCents({
      required: SINGLE_PAYMENT_TEXTS.amountRequired,
      invalid: SINGLE_PAYMENT_TEXTS.amountInvalid,
    }),
    payeeAmountSchema,
  ),
});
export type AmountFormInput = z.input<typeof amountFormSchema>;
export type AmountFormOutput = z.output<typeof amountFormSchema>;
