import { isBatchMaker, type Batch } from '@lynk/contract/batches';
import { formatCents } from '@lynk/contract/money';
import { batchStatusLabel, isBatchReviewable } from '@lynk/contract/statuses';
import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DetailRows } from '@/components/detail-rows';
import { ErrorState } from '@/components/error-state';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { openModal } from '@/lib/modal-registry';
import { useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useRequiredSession } from '@/lib/session';
import { apiMessage } from '@/lib/api-message';
import { useDownloadBatchCsv } from '../api/get-batch-csv';
import { batchesQueryKey } from '../api/get-batches';
import { useRequestApproval } from '../api/request-approval';
import { CONFIRM_TEXTS, REJECT_TEXTS, SOURCE_TEXTS } from '../texts';
import { BatchName } from './batch-name';
import { WeeklyLimitWarning } from './weekly-limit-warning';

export interface ReviewBatchPaymentProps {
  batch: Batch;
  /** "Resume Later": the batch stays as it is (VALIDATED or PENDING_APPROVAL) in the history. */
  onResumeLater: () => void;
  /** A leading button of the screen's host: Cancel (upload) or Back (single payment). */
  leadingAction?: { label: string; onClick: () => void };
  /** Where the modals this screen opens take the user when they are done (the review page's history). */
  returnTo?: string;
  /** Runs once approval was requested (the review page goes back to the history). */
  onRequested?: () => void;
}

/**
 * The Confirm Payment screen (spec section 2; modal key `review-batch-payments`): the batch's payee
 * count, a "Review batch upload" download, sub total, processing fee, GCT on the fee and total.
 * A validated batch is sent for approval (by a manager or an admin alike). A batch sent for approval
 * is approved by an admin who neither uploaded it nor sent it (maker-checker, spec section 4): they
 * tick the confirmation and go on to choose the source of funds; its maker is told another admin
 * approves it. Whoever sends or approves it is warned when the total is above what remains of the
 * weekly limit.
 * "Reject" asks for a reason; "Resume Later" leaves the batch for later.
 * One screen for the upload's step 2, the single payment's step 3 and the review page.
 */
export function ReviewBatchPayment({
  batch,
  onResumeLater,
  leadingAction,
  returnTo,
  onRequested,
}: ReviewBatchPaymentProps) {
  const { orgId } = useOrganization();
  const session = useRequiredSession();
  const isAdmin = useCan('reviewBatch');
  const mayCreate = useCan('createPayments');
  const mayReject = mayCreate || isAdmin;
  const [confirmed, setConfirmed] = useState(false);
  const review = useDownloadBatchCsv();
  const request = useRequestApproval(orgId);
  const reviewable = isBatchReviewable(batch.status);
  const pending = batch.status === 'PENDING_APPROVAL';
  const maker = isBatchMaker(batch, session.id);
  const mayApprove = isAdmin && pending && !maker;
  const mayRequest = mayCreate && batch.status === 'VALIDATED';
  // The weekly limit matters to whoever moves the batch on; reading it needs balance read.
  const checksLimit = useCan('accountLimits') && (mayRequest || mayApprove);

  // The history behind this screen may still show the batch as it was uploaded (NEW): it shows it
  // as it is now, so after "Resume Later" its row offers the way back ("Review Batch").
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: [...batchesQueryKey(orgId), 'list'] });
  }, [queryClient, orgId, batch.id, batch.status]);

  const approve = () =>
    openModal(
      'choose-source-funds',
      { batchId: batch.id, returnTo },
      { title: SOURCE_TEXTS.title, storePrevious: true },
    );
  const reject = () =>
    openModal(
      'reject-batch-payments',
      { batchId: batch.id, returnTo },
      { title: REJECT_TEXTS.title(batch.id), storePrevious: true },
    );
  const requestApproval = () =>
    request.mutate(batch.id, {
      onSuccess: () => {
        onRequested?.();
        openTransactionStatus({
          variant: 'success',
          title: CONFIRM_TEXTS.sentForApprovalTitle,
          subtitle: CONFIRM_TEXTS.sentForApproval,
        });
      },
    });

  return (
    <Stack gap="md" data-testid="confirm-payment">
      <Text c="dimmed">{CONFIRM_TEXTS.subtitle}</Text>
      <DetailRows
        rows={[
          { label: CONFIRM_TEXTS.batchId, value: batch.id },
          ...(batch.name ? [{ label: CONFIRM_TEXTS.batchName, value: <BatchName name={batch.name} /> }] : []),
          { label: CONFIRM_TEXTS.status, value: batchStatusLabel(batch.status) },
          { label: CONFIRM_TEXTS.payeeCount, value: batch.payee_count },
          { label: CONFIRM_TEXTS.subTotal, value: formatCents(batch.subtotal) },
          { label: CONFIRM_TEXTS.processingFee, value: formatCents(batch.lynk_fee) },
          { label: CONFIRM_TEXTS.gct, value: formatCents(batch.lynk_fee_gct) },
          { label: CONFIRM_TEXTS.total, value: formatCents(batch.total) },
        ]}
      />
      <Group gap="xs">
        <IconDownload size={16} aria-hidden />
        <Anchor
          component="button"
          type="button"
          size="sm"
          disabled={review.isPending}
          onClick={() => review.mutate({ id: batch.id, includeErrors: false })}
        >
          {CONFIRM_TEXTS.reviewDownload}
        </Anchor>
      </Group>
      {review.isError ? <ErrorState message={CONFIRM_TEXTS.downloadFailed} /> : null}
      {mayApprove ? (
        <Checkbox
          label={CONFIRM_TEXTS.checkbox}
          checked={confirmed}
          onChange={(event) => setConfirmed(event.currentTarget.checked)}
        />
      ) : null}
      {!reviewable ? (
        <Text size="sm">{CONFIRM_TEXTS.notReviewable(batchStatusLabel(batch.status))}</Text>
      ) : null}
      {isAdmin && pending && maker ? <Text size="sm">{CONFIRM_TEXTS.anotherAdminApproves}</Text> : null}
      {checksLimit ? <WeeklyLimitWarning total={batch.total} asAdmin={isAdmin} /> : null}
      {request.isError ? (
        <ErrorState message={apiMessage(request.error, SOURCE_TEXTS.approvalFailed)} />
      ) : null}
      {/* The decision first, full width; the ways out below it. */}
      <Stack gap="sm" data-testid="confirm-payment-actions">
        {mayApprove ? (
          <Button fullWidth onClick={approve} disabled={!confirmed}>
            {CONFIRM_TEXTS.approveAndContinue}
          </Button>
        ) : null}
        {mayRequest ? (
          <Button fullWidth onClick={requestApproval} loading={request.isPending}>
            {CONFIRM_TEXTS.requestApproval}
          </Button>
        ) : null}
        <Group gap="sm" justify="space-between">
          {leadingAction ? (
            <Button variant="default" onClick={leadingAction.onClick} disabled={request.isPending}>
              {leadingAction.label}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onResumeLater} disabled={request.isPending}>
              {CONFIRM_TEXTS.resumeLater}
            </Button>
            {reviewable && mayReject ? (
              <Button variant="outline" color="red.9" onClick={reject} disabled={request.isPending}>
                {CONFIRM_TEXTS.reject}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Stack>
  );
}
