import { REJECT_REASON_MAX_LENGTH } from '@lynk/contract/constants';
import { rejectBatchSchema } from '@lynk/contract/batches';
import { z } from 'zod';
import { REJECT_TEXTS } from './texts';

/**
 * The reject modal's form (spec section 5, "Reject reason"): optional, at most 45 characters, with
 * the contract's own rule behind the portal's message.
 */
export const rejectFormSchema = z.object({
  reason: z
    .string()
    .max(REJECT_REASON_MAX_LENGTH, REJECT_TEXTS.tooLong)
    .pipe(rejectBatchSchema.shape.reason.unwrap()),
});

export type RejectFormInput = z.input<typeof rejectFormSchema>;
export type RejectFormOutput = z.output<typeof rejectFormSchema>;
