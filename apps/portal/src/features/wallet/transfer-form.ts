import { createTransferSchema } from '@lynk/contract/transfers';
import { z } from 'zod/mini';
import { typedAmountInCents } from '@/lib/typed-amount';
import { TRANSFER_TEXTS } from './texts';

/**
 * The transfer form's schema: the accounts as chosen in the selects (ids as strings, '' for none)
 * and the amount as typed. The amount becomes cents once, here, and then meets the contract's own
 * rule for a transfer amount (the J$0.10 minimum) and, when the remaining daily limit is known,
 * that limit.
 */
export function transferFormSchema(remainingCents: number | null) {
  return z.object({
    fromId: z.string().check(z.minLength(1, TRANSFER_TEXTS.fromRequired)),
    toId: z.string().check(z.minLength(1, TRANSFER_TEXTS.toRequired)),
    amount: z.pipe(
      typedAmountInCents({ required: TRANSFER_TEXTS.amountRequired, invalid: TRANSFER_TEXTS.amountInvalid }),
      createTransferSchema.shape.amount.check(
        z.refine(
          (cents) => remainingCents === null || cents <= remainingCents,
          TRANSFER_TEXTS.dailyLimitExceeded,
        ),
      ),
    ),
  });
}

export type TransferFormInput = z.input<ReturnType<typeof transferFormSchema>>;
export type TransferFormOutput = z.output<ReturnType<typeof transferFormSchema>>;
