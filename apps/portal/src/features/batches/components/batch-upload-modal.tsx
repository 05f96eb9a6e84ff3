import '@mantine/dropzone/styles.css';
import { BATCH_NAME_MAX_LENGTH } from '@lynk/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Group, Input, Progress, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ANNOUNCED_ERROR } from '@/components/currency-input';
import { CenteredLoader } from '@/components/centered-loader';
import { ErrorState } from '@/components/error-state';
import { GenericModal } from '@/components/generic-modal';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { hideModal, restorePreviousModal, setModalLocked, updateModal } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useRequiredSession } from '@/lib/session';
import { useCreateBatch } from '../api/create-batch';
import { useBatch } from '../api/get-batch';
import { useDownloadBatchTemplate } from '../api/get-batch-template';
import {
  batchUploadFormSchema,
  type BatchUploadFormInput,
  type BatchUploadFormOutput,
} from '../batch-upload-form';
import { keepPollingValidation } from '../batch-outcome';
import { readFileAsBase64 } from '../read-file';
import { BATCH_COMMON_TEXTS, UPLOAD_TEXTS } from '../texts';
import { apiMessage } from '@/lib/api-message';
import { BatchErrorLog } from './batch-error-log';
import { ReviewBatchPayment } from './review-batch-payment';

export interface BatchUploadData {
  /** Set once the upload is validated: the modal shows step 2, "Confirm payment". */
  batchId?: number;
}

/**
 * The upload batch payment modal (key `batch-payments`, spec section 2): step 1 uploads the file
 * and waits for its validation, step 2 is the Confirm Payment screen. The step lives in the
 * modal's data, so coming back from the reject or source-of-funds modal lands on step 2 again.
 */
export function BatchUploadModal({ data }: { data: BatchUploadData }) {
  return data.batchId === undefined ? <UploadStep /> : <ConfirmStep batchId={data.batchId} />;
}

/** Step 2: the validated batch on the Confirm Payment screen; Cancel asks "Are you sure?" first. */
function ConfirmStep({ batchId }: { batchId: number }) {
  const { orgId } = useOrganization();
  const batch = useBatch(orgId, batchId);
  const cancel = () =>
    openTransactionStatus(
      {
        variant: 'confirm',
        mainAction: { label: UPLOAD_TEXTS.cancelConfirmYes },
        closeAction: { label: UPLOAD_TEXTS.cancelConfirmNevermind, onClick: restorePreviousModal },
      },
      { storePrevious: true },
    );
  return (
    <GenericModal title={UPLOAD_TEXTS.confirmTitle}>
      {batch.data ? (
        <ReviewBatchPayment
          batch={batch.data}
          onResumeLater={hideModal}
          leadingAction={{ label: UPLOAD_TEXTS.cancel, onClick: cancel }}
        />
      ) : batch.isError ? (
        <ErrorState message={UPLOAD_TEXTS.technicalProblems} />
      ) : (
        <CenteredLoader label={BATCH_COMMON_TEXTS.loading} />
      )}
    </GenericModal>
  );
}

type UploadPhase =
  | { kind: 'form' }
  | { kind: 'reading'; percent: number }
  | { kind: 'sending' }
  | { kind: 'validating'; batchId: number };

/**
 * Step 1: the Dropzone ("Bulk payment file"), the optional batch name and the template download.
 * The file is checked here first (.csv, 1 byte to 20 MB); reading it fills the upload progress
 * bar, then the batch's validation fills a bar of rows checked, read every 2 s. INVALID_PAYEE
 * offers the error log; VALIDATED moves on to step 2.
 */
function UploadStep() {
  const { orgId } = useOrganization();
  const session = useRequiredSession();
  const fileLabelId = useId();
  const upload = useCreateBatch(orgId);
  const template = useDownloadBatchTemplate();
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'form' });
  const [readFailed, setReadFailed] = useState(false);
  const attempt = useRef<{ key: string; signature: string } | null>(null);

  const validatingId = phase.kind === 'validating' ? phase.batchId : null;
  const validation = useBatch(orgId, validatingId, {
    keepPolling: keepPollingValidation,
    phase: 'validation',
  });
  const validated = validation.data?.status === 'VALIDATED' ? validation.data : null;
  const invalid = validation.data?.status === 'INVALID_PAYEE' ? validation.data : null;
  useEffect(() => {
    if (validated) updateModal({ title: UPLOAD_TEXTS.confirmTitle, data: { batchId: validated.id } });
  }, [validated]);

  const busy = phase.kind === 'reading' || phase.kind === 'sending';
  useEffect(() => setModalLocked(busy), [busy]);

  const form = useForm<BatchUploadFormInput, unknown, BatchUploadFormOutput>({
    mode: 'onChange',
    defaultValues: { file: null, name: '' },
    resolver: zodResolver(batchUploadFormSchema),
  });
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const locked = phase.kind !== 'form';

  const send = async ({ file, name: batchName }: BatchUploadFormOutput) => {
    upload.reset();
    setReadFailed(false);
    setPhase({ kind: 'reading', percent: 0 });
    let csv: string;
    try {
      csv = await readFileAsBase64(file, (percent) => setPhase({ kind: 'reading', percent }));
    } catch {
      setReadFailed(true);
      setPhase({ kind: 'form' });
      return;
    }
    // One Idempotency-Key per file and name: sending the same again after a lost answer makes one batch.
    const signature = JSON.stringify([file.name, file.size, file.lastModified, batchName]);
    const key = attempt.current?.signature === signature ? attempt.current.key : newIdempotencyKey();
    attempt.current = { key, signature };
    setPhase({ kind: 'sending' });
    upload.mutate(
      {
        body: { merchant_id: session.merchant_id, name: batchName, file_name: file.name, csv },
        idempotencyKey: key,
      },
      {
        onSuccess: (batchId) => setPhase({ kind: 'validating', batchId }),
        onError: () => setPhase({ kind: 'form' }),
      },
    );
  };

  const startAgain = () => {
    attempt.current = null;
    setPhase({ kind: 'form' });
  };

  const checked = validation.data?.rows_checked ?? 0;
  const total = validation.data?.rows_total ?? 0;
  return (
    <GenericModal
      onSubmit={(event) => {
        if (locked) {
          event.preventDefault();
          return;
        }
        void form.handleSubmit(send)(event);
      }}
      mainAction={
        phase.kind === 'validating'
          ? invalid || validation.isError
            ? { label: UPLOAD_TEXTS.tryAnotherFile, onClick: startAgain }
            : undefined
          : { label: UPLOAD_TEXTS.upload, loading: busy }
      }
      cancelAction={{ label: UPLOAD_TEXTS.cancel, disabled: busy, onClick: hideModal }}
    >
      <Stack gap="md">
        <Controller
          control={form.control}
          name="file"
          render={({ field, fieldState }) => (
            <Input.Wrapper
              label={UPLOAD_TEXTS.fileLabel}
              id={fileLabelId}
              required
              error={fieldState.error?.message}
              errorProps={ANNOUNCED_ERROR}
            >
              <Dropzone
                mt={4}
                multiple={false}
                disabled={locked}
                onDrop={(files) => field.onChange(files[0] ?? null)}
                onReject={(rejections) => field.onChange(rejections[0]?.file ?? null)}
                // The label names the file input; the drop area is what a keyboard reaches (Enter
                // or Space opens the file dialog).
                inputProps={{ id: fileLabelId, 'aria-describedby': `${fileLabelId}-hint` }}
                data-testid="batch-file-dropzone"
              >
                <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }}>
                  {field.value ? (
                    <IconFileTypeCsv size={36} stroke={1.5} aria-hidden />
                  ) : (
                    <IconUpload size={36} stroke={1.5} aria-hidden />
                  )}
                  <Stack gap={2}>
                    <Text fw={600}>
                      {field.value ? UPLOAD_TEXTS.chosenFile(field.value.name) : UPLOAD_TEXTS.dropHere}
                    </Text>
                    <Text size="sm" c="dimmed" id={`${fileLabelId}-hint`}>
                      {UPLOAD_TEXTS.dropHint}
                    </Text>
                  </Stack>
                </Group>
              </Dropzone>
            </Input.Wrapper>
          )}
        />
        <TextInput
          {...form.register('name')}
          label={UPLOAD_TEXTS.nameLabel}
          description={UPLOAD_TEXTS.nameCounter(name.length, BATCH_NAME_MAX_LENGTH)}
          disabled={locked}
          error={errors.name?.message}
          errorProps={ANNOUNCED_ERROR}
        />
        <Group gap="xs">
          <IconDownload size={16} aria-hidden />
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={template.isPending}
            onClick={() => template.mutate()}
          >
            {UPLOAD_TEXTS.downloadTemplate}
          </Anchor>
        </Group>
        {template.isError ? <ErrorState message={UPLOAD_TEXTS.downloadFailed} /> : null}
        {phase.kind === 'reading' || phase.kind === 'sending' ? (
          <Stack gap={4}>
            <Text size="sm" id={`${fileLabelId}-upload`}>
              {UPLOAD_TEXTS.uploading}
            </Text>
            <Progress
              value={phase.kind === 'reading' ? phase.percent : 100}
              animated={phase.kind === 'sending'}
              striped={phase.kind === 'sending'}
              aria-labelledby={`${fileLabelId}-upload`}
            />
          </Stack>
        ) : null}
        {phase.kind === 'validating' && !invalid && !validation.isError ? (
          <Stack gap={4}>
            <Text size="sm" id={`${fileLabelId}-validation`}>
              {UPLOAD_TEXTS.validating}
            </Text>
            <Progress
              value={total > 0 ? Math.min(100, (checked / total) * 100) : 0}
              aria-labelledby={`${fileLabelId}-validation`}
            />
            <Text size="xs" c="dimmed" role="status">
              {UPLOAD_TEXTS.rowsChecked(checked, total)}
            </Text>
          </Stack>
        ) : null}
        {invalid ? <BatchErrorLog batchId={invalid.id} message={UPLOAD_TEXTS.errorLog} /> : null}
        {validation.isError ? <ErrorState message={UPLOAD_TEXTS.technicalProblems} /> : null}
        {upload.isError ? <ErrorState message={apiMessage(upload.error, UPLOAD_TEXTS.notInitiated)} /> : null}
        {readFailed ? <ErrorState message={UPLOAD_TEXTS.notInitiated} /> : null}
      </Stack>
    </GenericModal>
  );
}
