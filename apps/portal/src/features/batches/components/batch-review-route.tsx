import { paymentHistoryPath } from '@lynk/contract/batches';
import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { PaneSection } from '@/components/pane-section';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { useOrganization } from '@/lib/organization';
import { useBatch } from '../api/get-batch';
import { BATCH_COMMON_TEXTS, CONFIRM_TEXTS, HISTORY_TEXTS } from '../texts';
import { ReviewBatchPayment } from './review-batch-payment';

/**
 * payment-history/review/:id (spec section 2, "Batch payment detail route"): the Confirm Payment
 * screen of one batch, where an admin approves or rejects what a manager sent for approval (the
 * notification's "Review Payment" link). Ids are digits: anything else, or a batch that cannot be
 * read, closes the review and shows the failure modal, back on the payment history.
 */
export function BatchReviewRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { orgId } = useOrganization();
  const valid = /^[0-9]+$/.test(id);
  const batch = useBatch(orgId, valid ? Number(id) : null);
  const failed = !valid || batch.isError;
  const history = paymentHistoryPath(orgId);

  useEffect(() => {
    if (!failed) return;
    void navigate('../..', { relative: 'path', replace: true });
    openTransactionStatus({
      variant: 'failure',
      title: CONFIRM_TEXTS.loadFailedTitle,
      subtitle: CONFIRM_TEXTS.loadFailed,
    });
  }, [failed, navigate]);
  if (failed) return null;

  return (
    <PaneSection title={HISTORY_TEXTS.reviewBatch} testId={`batch-review-${id}`}>
      {batch.data ? (
        <Box maw={560}>
          <ReviewBatchPayment
            batch={batch.data}
            returnTo={history}
            onResumeLater={() => void navigate(history)}
            onRequested={() => void navigate(history)}
          />
        </Box>
      ) : (
        <CenteredLoader label={BATCH_COMMON_TEXTS.loading} />
      )}
    </PaneSection>
  );
}
