import { ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconClockHour4,
  IconHelp,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { getModalState, hideModal, openModal } from '@/lib/modal-registry';
import { GenericModal } from './generic-modal';
import { TRANSACTION_STATUS_TEXTS } from './texts';

type TransactionStatusVariant = 'success' | 'success-pending' | 'failure' | 'batch-failure' | 'confirm';

export interface TransactionStatusAction {
  label?: string;
  /** Runs before the modal closes; a returned promise keeps the button busy until it settles. */
  onClick?: () => void | Promise<void>;
}

export interface TransactionStatusOptions {
  variant: TransactionStatusVariant;
  /** Overrides the variant's title. */
  title?: string;
  /** Overrides the variant's subtitle (a failure shows the server's message here). */
  subtitle?: string;
  /** Defaults to "Return to Dashboard" ("Yes" on confirm), which closes the modal. */
  mainAction?: TransactionStatusAction;
  /** A second button; confirm has "Nevermind" by default, the others none. */
  closeAction?: TransactionStatusAction;
}

interface VariantLook {
  title: string;
  subtitle?: string;
  icon: Icon;
  colour: string;
  mainLabel: string;
  closeLabel?: string;
}

/** Spec section 2, "Transaction status": each variant's texts. */
const VARIANTS: Record<TransactionStatusVariant, VariantLook> = {
  success: {
    title: TRANSACTION_STATUS_TEXTS.successTitle,
    icon: IconCheck,
    colour: 'green',
    mainLabel: TRANSACTION_STATUS_TEXTS.returnToDashboard,
  },
  'success-pending': {
    title: TRANSACTION_STATUS_TEXTS.pendingTitle,
    subtitle: TRANSACTION_STATUS_TEXTS.pendingSubtitle,
    icon: IconClockHour4,
    colour: 'lynk',
    mainLabel: TRANSACTION_STATUS_TEXTS.returnToDashboard,
  },
  failure: {
    title: TRANSACTION_STATUS_TEXTS.failureTitle,
    subtitle: TRANSACTION_STATUS_TEXTS.failureSubtitle,
    icon: IconX,
    colour: 'red',
    mainLabel: TRANSACTION_STATUS_TEXTS.returnToDashboard,
  },
  'batch-failure': {
    title: TRANSACTION_STATUS_TEXTS.batchFailureTitle,
    subtitle: TRANSACTION_STATUS_TEXTS.batchFailureSubtitle,
    icon: IconAlertTriangle,
    colour: 'red',
    mainLabel: TRANSACTION_STATUS_TEXTS.returnToDashboard,
  },
  confirm: {
    title: TRANSACTION_STATUS_TEXTS.confirmTitle,
    icon: IconHelp,
    colour: 'yellow',
    mainLabel: TRANSACTION_STATUS_TEXTS.yes,
    closeLabel: TRANSACTION_STATUS_TEXTS.nevermind,
  },
};

function transactionStatusTitle(options: TransactionStatusOptions): string {
  return options.title ?? VARIANTS[options.variant].title;
}

/** The transaction-status modal (key `transaction-status`), on the generic modal. */
export function TransactionStatusModal({ data }: { data: TransactionStatusOptions }) {
  const look = VARIANTS[data.variant];
  const closeLabel = data.closeAction?.label ?? look.closeLabel;
  const [busy, setBusy] = useState(false);
  const StatusIcon = look.icon;

  const run = async (action: TransactionStatusAction | undefined) => {
    const shown = getModalState().instance;
    try {
      setBusy(true);
      await action?.onClick?.();
    } finally {
      setBusy(false);
      // An action that showed another modal (Nevermind restoring the form behind a confirm) keeps it.
      if (getModalState().instance === shown) hideModal();
    }
  };

  return (
    <GenericModal
      title={transactionStatusTitle(data)}
      subtitle={data.subtitle ?? look.subtitle}
      footer="stacked"
      icon={
        <ThemeIcon
          size={64}
          radius="xl"
          variant="light"
          color={look.colour}
          aria-hidden
          data-testid={`transaction-status-${data.variant}`}
        >
          <StatusIcon size={34} stroke={1.8} />
        </ThemeIcon>
      }
      mainAction={{
        label: data.mainAction?.label ?? look.mainLabel,
        loading: busy,
        onClick: () => void run(data.mainAction),
      }}
      cancelAction={
        closeLabel
          ? { label: closeLabel, disabled: busy, onClick: () => void run(data.closeAction) }
          : undefined
      }
    />
  );
}

/**
 * Opens the transaction-status modal; the variant's title names the dialog. With `storePrevious`
 * the modal shown now is kept, for an action to come back to it with `restorePreviousModal`.
 */
export function openTransactionStatus(
  options: TransactionStatusOptions,
  { storePrevious = false }: { storePrevious?: boolean } = {},
): void {
  openModal('transaction-status', options, { title: transactionStatusTitle(options), storePrevious });
}
