import { REJECT_REASON_MAX_LENGTH } from '@lynk/contract/constants';
import { rejectBatchSchema } from '@lynk/contract/batches';
import { z } from 'zod/mini';
import { REJECT_TEXTS } from './texts';

/**
 * The reject modal's form (spec section 5, "Reject reason"): optional, at most 45 characters, with
 * the contract's own rule behind the portal's message.
 */
export const rejectFormSchema = z.object({
  // The contract's reason is `default('')`: the form pipes into the string rule it wraps.
  reason: z.pipe(
    z.string().check(z.maxLength(REJECT_REASON_MAX_LENGTH, REJECT_TEXTS.tooLong)),
    rejectBatchSchema.shape.reason.def.innerType,
  ),
});

export type RejectFormInput = z.input<typeof rejectFormSchema>;
export type RejectFormOutput = z.output<typeof rejectFormSchema>;
