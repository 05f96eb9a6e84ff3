import { useMutation } from '@tanstack/react-query';
import { getStaffQrImage } from '@/lib/qr/get-qr-image';
import { downloadQrJpeg } from '@/lib/qr/qr-jpeg';

/**
 * Saves a staff member's own QR code as the JPEG the profile and dashboards save
 * (`{merchant}__qrCode.jpg`, quality 0.98), headed with their display name ('#' read as a space).
 */
async function downloadStaffQr(input: { merchant: string; displayName: string; authId: string }) {
  const png = await getStaffQrImage(input.displayName, input.authId);
  await downloadQrJpeg(png, input.displayName.replaceAll('#', ' '), input.merchant);
}

export function useDownloadStaffQr() {
  return useMutation({ mutationFn: downloadStaffQr });
}
