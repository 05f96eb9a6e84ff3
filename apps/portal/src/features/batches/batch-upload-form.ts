import { BATCH_FILE_EXTENSION, BATCH_FILE_MAX_BYTES, BATCH_NAME_MAX_LENGTH } from '@lynk/contract/constants';
import { createBatchSchema } from '@lynk/contract/batches';
import { z } from 'zod/mini';
import { UPLOAD_TEXTS } from './texts';

/**
 * The upload step's form (spec section 5, "Batch file" and "Batch name"): a `.csv` file of 1 byte
 * to 20 MB, checked before anything is sent (the API checks the same, with the same texts), and
 * an optional name of at most 100 characters that then meets the contract's own rule.
 */
export const batchUploadFormSchema = z.object({
  file: z.pipe(
    z.custom<File | null>((value) => value === null || value instanceof File),
    z.transform((file: File | null, context) => {
      if (file === null) {
        context.issues.push({ code: 'custom', message: UPLOAD_TEXTS.fileRequired, input: file });
        return z.NEVER;
      }
      if (!file.name.toLowerCase().endsWith(BATCH_FILE_EXTENSION)) {
        context.issues.push({ code: 'custom', message: UPLOAD_TEXTS.wrongFileType, input: file });
        return z.NEVER;
      }
      if (file.size === 0 || file.size > BATCH_FILE_MAX_BYTES) {
        context.issues.push({ code: 'custom', message: UPLOAD_TEXTS.fileTooLarge, input: file });
        return z.NEVER;
      }
      return file;
    }),
  ),
  // The contract's name is `default('')`: the form pipes into the string rule it wraps.
  name: z.pipe(
    z.string().check(z.maxLength(BATCH_NAME_MAX_LENGTH, UPLOAD_TEXTS.nameTooLong)),
    createBatchSchema.shape.name.def.innerType,
  ),
});

export type BatchUploadFormInput = z.input<typeof batchUploadFormSchema>;
export type BatchUploadFormOutput = z.output<typeof batchUploadFormSchema>;
