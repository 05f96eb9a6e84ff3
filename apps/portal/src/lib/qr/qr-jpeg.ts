import { QR_JPEG_QUALITY, qrFileName } from '@lynk/contract/constants';
import { downloadBlob } from '@/lib/download-file';

const HEADING_HEIGHT = 88;
const HEADING_FONT = '600 30px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * The QR PNG as the JPEG a merchant prints (spec section 9: JPEG at quality 0.98): on white (a
 * JPEG has no transparency), with a heading above the code saying whose it is — the merchant's
 * name, or a cashier's own display name on their counter QR (spec section 6).
 */
async function qrJpeg(png: Blob, heading: string): Promise<Blob> {
  const image = await createImageBitmap(png);
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height + HEADING_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the QR image.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = HEADING_FONT;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  // A long name is squeezed to the code's width rather than cut off.
  context.fillText(heading, canvas.width / 2, HEADING_HEIGHT / 2 + 8, canvas.width - 48);
  context.drawImage(image, 0, HEADING_HEIGHT);
  image.close();
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The QR image could not be encoded.'))),
      'image/jpeg',
      QR_JPEG_QUALITY,
    );
  });
}

/** Saves the QR as `{merchant}__qrCode.jpg` (the spec's name, with the extension of its type). */
export async function downloadQrJpeg(png: Blob, heading: string, merchant: string): Promise<void> {
  downloadBlob(`${qrFileName(merchant)}.jpg`, await qrJpeg(png, heading));
}
