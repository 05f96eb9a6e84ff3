import { TOAST_DURATION_MS } from '@lynk/contract/constants';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconCopy, IconDownload, IconQrcode } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { qrCodesQueryOptions } from '@/lib/qr/get-qr-codes';
import { downloadQrJpeg } from '@/lib/qr/qr-jpeg';
import { useQrSubject, type QrWallet } from '@/lib/qr/use-qr-subject';
import { QR_TEXTS } from './texts';

/**
 * "QR Code" (spec section 6: needs profile read): download the wallet's QR as a JPEG, or copy the
 * link it encodes. On the main wallet a cashier gets their own counter QR, headed with their
 * display name; everyone else the merchant's. The JAM-DEX wallet's is the merchant's JAM-DEX QR.
 */
export function QrCodeMenu({ wallet }: { wallet: QrWallet }) {
  const allowed = useCan('qrDownload');
  const { orgId } = useOrganization();
  const subject = useQrSubject(wallet, QR_TEXTS.jamDexHeading);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!allowed || !subject) return null;
  const { own, heading, merchant } = subject;

  const download = async () => {
    setBusy(true);
    try {
      await downloadQrJpeg(await subject.loadImage(), heading, merchant);
      notifications.show({
        color: 'green',
        title: wallet === 'cbdc' ? QR_TEXTS.generatedCbdc : QR_TEXTS.generated,
        // Spec section 8: the main wallet's download adds where the file went.
        message: wallet === 'cbdc' ? '' : QR_TEXTS.fileSaved,
      });
    } catch (error) {
      console.error('The QR code could not be downloaded', error);
      notifications.show({ color: 'red', message: QR_TEXTS.downloadFailed });
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    try {
      const codes = await queryClient.fetchQuery(qrCodesQueryOptions(orgId));
      const link = wallet === 'cbdc' ? codes.jam_dex_qr_code : own ? codes.own_qr_code : codes.qr_code;
      if (!link) throw new Error('This wallet has no QR code link.');
      await navigator.clipboard.writeText(link);
      notifications.show({ message: QR_TEXTS.copied, autoClose: TOAST_DURATION_MS.copy });
    } catch (error) {
      console.error('The QR code link could not be copied', error);
      notifications.show({ color: 'red', message: QR_TEXTS.copyFailed });
    }
  };

  return (
    // Mantine's focus placeholder is a focusable child that is not a menu item (axe:
    // aria-required-children); without it the opened menu focuses its first item, as menus do.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconQrcode size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={busy}
        >
          {QR_TEXTS.button}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download()}>
          {QR_TEXTS.download}
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
          {QR_TEXTS.copyLink}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
