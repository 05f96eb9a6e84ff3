import { QR_JPEG_QUALITY, qrFileName } from '@lynk/contract/constants';
import { ORG_HEADER } from '@lynk/contract/session';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-client';
import { organisationFromLocation } from '@/lib/location-org';

/** GET /v2/qr-code/{displayName}/{authId} (image/png): a cashier's own QR code (spec section 7). */
export const STAFF_QR_PATH = '/api/profile/v2/qr-code';

/** The spec: "A '#' in the name becomes a space." */
export function staffQrPath(displayName: string, authId: string): string {
  return `${STAFF_QR_PATH}/${encodeURIComponent(displayName.replaceAll('#', ' '))}/${encodeURIComponent(authId)}`;
}

/** The PNG itself: the one call of the portal whose answer is not JSON, so not through apiClient. */
async function fetchStaffQr(displayName: string, authId: string): Promise<Blob> {
  const headers: Record<string, string> = { Accept: 'image/png' };
  const pageOrg = organisationFromLocation(window.location.pathname, window.location.search);
  if (pageOrg) headers[ORG_HEADER] = pageOrg;
  const response = await fetch(staffQrPath(displayName, authId), { credentials: 'same-origin', headers });
  if (!response.ok || !response.headers.get('content-type')?.startsWith('image/png')) {
    throw new ApiRequestError({ status: response.status, code: 'HTTP_ERROR', message: 'No QR image' });
  }
  return response.blob();
}

/**
 * Draws the PNG on a white canvas (JPEG has no transparency) and encodes it as JPEG at the spec's
 * quality, 0.98 (section 9).
 */
export async function pngToJpeg(png: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(png);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (jpeg) => (jpeg ? resolve(jpeg) : reject(new Error('The QR image could not be encoded'))),
      'image/jpeg',
      QR_JPEG_QUALITY,
    ),
  );
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves a cashier's QR code as `{merchant}__qrCode.jpg` (spec section 9's name, with its type). */
export async function downloadStaffQr(input: { merchant: string; displayName: string; authId: string }) {
  const jpeg = await pngToJpeg(await fetchStaffQr(input.displayName, input.authId));
  saveBlob(jpeg, `${qrFileName(input.merchant)}.jpg`);
}

export function useDownloadStaffQr() {
  return useMutation({ mutationFn: downloadStaffQr });
}
