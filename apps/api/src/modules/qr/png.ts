import QRCode from 'qrcode';

/**
 * A QR code as a PNG, drawn by the `qrcode` library: error correction M (15 % of the symbol may
 * be lost, enough for a printed code with a smudge), the standard four-module quiet zone, and
 * 512 px wide so it prints sharply on a counter card without scaling up.
 */
export function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 512 });
}
