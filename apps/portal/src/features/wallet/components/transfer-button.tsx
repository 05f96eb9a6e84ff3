import { canTransfer } from '@lynk/contract/permissions';
import { Button } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useOrganization } from '@/lib/organization';
import { useRequiredSession } from '@/lib/session';
import type { WalletKind } from '../tabs';
import { TRANSFER_TEXTS } from '../texts';
import { openTransferModal } from './open-transfer-modal';

/**
 * "Transfer" (spec section 6): shown with a transfer permission and at least one linked account
 * the user may use, by the contract's `canTransfer`, which reads the same `transferDirections` as
 * the modal's account lists. The wallet it sits on starts as the source.
 */
export function TransferButton({ wallet }: { wallet: WalletKind }) {
  const { accounts } = useOrganization();
  const { permissions, role } = useRequiredSession();
  const linkedTypes = accounts.filter((account) => account.type !== 'LYNK').map((account) => account.type);
  if (!canTransfer(permissions, role, linkedTypes)) return null;
  const walletType = wallet === 'main' ? 'LYNK' : 'CBDC';
  const initialFromId = accounts.find((account) => account.type === walletType)?.id;

  return (
    <Button
      leftSection={<IconArrowsExchange size={18} aria-hidden />}
      aria-haspopup="dialog"
      onClick={() => openTransferModal({ initialFromId })}
    >
      {TRANSFER_TEXTS.button}
    </Button>
  );
}
