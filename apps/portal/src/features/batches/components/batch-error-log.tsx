import { Anchor } from '@mantine/core';
import { ErrorState } from '@/components/error-state';
import { useDownloadBatchCsv } from '../api/get-batch-csv';
import { UPLOAD_TEXTS } from '../texts';

/**
 * An INVALID_PAYEE batch (spec section 4, "error log"): what went wrong, with the link that
 * downloads the batch's rows and each row's error, and a word if that download fails.
 */
export function BatchErrorLog({ batchId, message }: { batchId: number; message: string }) {
  const errorLog = useDownloadBatchCsv();
  return (
    <>
      <ErrorState message={message}>
        <Anchor
          component="button"
          type="button"
          size="sm"
          disabled={errorLog.isPending}
          onClick={() => errorLog.mutate({ id: batchId, includeErrors: true })}
        >
          {UPLOAD_TEXTS.errorLogLink}
        </Anchor>
      </ErrorState>
      {errorLog.isError ? <ErrorState message={UPLOAD_TEXTS.downloadFailed} /> : null}
    </>
  );
}
