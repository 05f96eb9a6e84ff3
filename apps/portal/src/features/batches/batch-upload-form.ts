import { BATCH_FILE_EXTENSION, BATCH_FILE_MAX_BYTES, BATCH_NAME_MAX_LENGTH } from '@lynk/contract/constants';
import { createBatchSchema } from '@lynk/contract/batches';
import { z } from 'zod';
import { UPLOAD_TEXTS } from './texts';

/**
 * The upload step's form (spec section 5, "Batch file" and "Batch name"): a `.csv` file of 1 byte
 * to 20 MB, checked before anything is sent (the API checks the same, with the same texts), and
 * an optional name of at most 100 characters that then meets the contract's own rule.
 */
export const batchUploadFormSchema = z.object({
  file: z
    .custom<File | null>((value) => value === null || value instanceof File)
    .transform((file, context) => {
      if (file === null) {
        context.addIssue({ code: 'custom', message: UPLOAD_TEXTS.fileRequired });
        return z.NEVER;
      }
      if (!file.name.toLowerCase().endsWith(BATCH_FILE_EXTENSION)) {
        context.addIssue({ code: 'custom', message: UPLOAD_TEXTS.wrongFileType });
        return z.NEVER;
      }
      if (file.size === 0 || file.size > BATCH_FILE_MAX_BYTES) {
        context.addIssue({ code: 'custom', message: UPLOAD_TEXTS.fileTooLarge });
        return z.NEVER;
      }
      return file;
    }),
  name: z
    .string()
    .max(BATCH_NAME_MAX_LENGTH, UPLOAD_TEXTS.nameTooLong)
    .pipe(createBatchSchema.shape.name.unwrap()),
});

export type BatchUploadFormInput = z.input<typeof batchUploadFormSchema>;
export type BatchUploadFormOutput = z.output<typeof batchUploadFormSchema>;
