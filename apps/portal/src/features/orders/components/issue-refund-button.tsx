import type { Order } from '@lynk/contract/orders';
import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { skipToken } from '@tanstack/react-query';
import { useId } from 'react';
import { useOrganization } from '@/lib/organization';
import { useBalance } from '@/lib/get-balance';
import { refundBlock, type RefundBlock } from '../order-rules';
import { ORDER_TEXTS } from '../texts';
import { openRefundModal } from './open-refund-modal';

const BLOCK_REASONS: Record<Exclude<RefundBlock, 'checking-balance'>, string> = {
  'balance-too-low': ORDER_TEXTS.balanceTooLow,
  'not-paid': ORDER_TEXTS.notRefundable,
};

/**
 * "Issue Refund" (spec section 5): enabled only for a paid order when the main wallet's balance
 * covers it. Disabled, it stays focusable and hoverable (aria-disabled, not disabled) so its tooltip
 * can say why; the reason is also its accessible description.
 */
export function IssueRefundButton({ order }: { order: Order }) {
  const { orgId, accounts } = useOrganization();
  const mainWallet = accounts.find((account) => account.type === 'LYNK');
  const balance = useBalance(orgId, mainWallet ? mainWallet.id : skipToken);
  // Without a main wallet there is no balance to refund from: it counts as 0 (spec section 7).
  const balanceCents = mainWallet ? balance.data : 0;
  const block = refundBlock(order, balanceCents);
  const reasonId = useId();
  const reason = block === null || block === 'checking-balance' ? null : BLOCK_REASONS[block];

  const button = (
    <Button
      aria-disabled={block !== null || undefined}
      data-disabled={block !== null || undefined}
      aria-describedby={reason ? reasonId : undefined}
      loading={block === 'checking-balance'}
      onClick={(event) => {
        if (block !== null) {
          event.preventDefault();
          return;
        }
        openRefundModal(order);
      }}
    >
      {ORDER_TEXTS.issueRefund}
    </Button>
  );

  if (!reason) return button;
  return (
    <>
      <Tooltip label={reason} withArrow multiline w={260} events={{ hover: true, focus: true, touch: true }}>
        {button}
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}
