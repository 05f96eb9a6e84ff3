import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { getModalState, hideModal, useModalState } from '@/lib/modal-registry';
import { NOTIFICATION_TEXTS } from '../texts';

/**
 * Leaving the page with unsaved changes opens the block dialog (spec section 2): "Keep Editing"
 * stays, "Discard Changes" leaves. Closing the dialog any other way keeps editing too.
 */
export function useUnsavedChangesBlocker(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const modal = useModalState();
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    if (!blocked) return;
    openTransactionStatus({
      variant: 'confirm',
      title: NOTIFICATION_TEXTS.leaveTitle,
      subtitle: NOTIFICATION_TEXTS.leaveBody,
      mainAction: { label: NOTIFICATION_TEXTS.discardChanges, onClick: () => blocker.proceed?.() },
      closeAction: { label: NOTIFICATION_TEXTS.keepEditing, onClick: () => blocker.reset?.() },
    });
    // Opened once per blocked navigation; the blocker object changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked]);

  // The dialog closed by its close button or Escape: the navigation stays blocked no longer.
  useEffect(() => {
    // Read live: the dialog opened by the effect above is not in this render's state yet.
    if (blocked && modal.key === null && getModalState().key === null) blocker.reset?.();
  }, [blocked, modal.key, blocker]);

  // Leaving the page for good (discarded, or saved elsewhere) must not leave the dialog behind.
  useEffect(() => () => (blocked ? hideModal() : undefined), [blocked]);
}
