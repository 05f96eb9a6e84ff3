import { z } from 'zod/mini';
import { WALLET_KEYS } from './accounts.ts';

/**
 * QR codes of the profile back end (spec sections 2, 6, 7): the merchant's wallet QR, the JAM-DEX
 * wallet's QR (the CBDC account's external reference) and each staff member's own QR. The images
 * are PNGs drawn on the server by the `qrcode` library; docs/decisions/029 says what they encode.
 */

/** Which wallet's QR: the main wallet (default) or JAM-DEX. */
export const qrWalletQuerySchema = z.object({
  wallet: z._default(z.enum([WALLET_KEYS.main, WALLET_KEYS.cbdc]), WALLET_KEYS.main),
});
export type QrWalletQuery = z.infer<typeof qrWalletQuerySchema>;

/** GET /api/profile/qr-code — what the merchant's QR codes encode (the link "Copy" puts on the clipboard). */
export const qrCodeResponseSchema = z.object({
  data: z.object({
    /** The main wallet's QR payload: the merchant's Lynk pay link. */
    qr_code: z.string(),
    /** The JAM-DEX wallet's QR payload; null without a CBDC account. */
    jam_dex_qr_code: z.nullable(z.string()),
    /** The caller's own staff QR payload (a cashier's counter QR); null when not on this merchant's staff. */
    own_qr_code: z.nullable(z.string()),
  }),
});
export type QrCodeResponse = z.infer<typeof qrCodeResponseSchema>;

const QR_DISPLAY_NAME_MAX_LENGTH = 100;
const QR_AUTH_ID_MAX_LENGTH = 255;

/** GET /api/profile/v2/qr-code/{displayName}/{authId} */
export const staffQrParamsSchema = z.object({
  displayName: z.string().check(z.trim(), z.minLength(1), z.maxLength(QR_DISPLAY_NAME_MAX_LENGTH)),
  authId: z.string().check(z.minLength(1), z.maxLength(QR_AUTH_ID_MAX_LENGTH)),
});

/** Spec section 7: a '#' in the display name becomes a space (a '#' would end the URL's path). */
export function qrDisplayName(displayName: string): string {
  return displayName.replaceAll('#', ' ');
}

/** The path of a staff member's QR under the profile back end, each segment encoded. */
export function staffQrPath(displayName: string, authId: string): string {
  return `/v2/qr-code/${encodeURIComponent(qrDisplayName(displayName))}/${encodeURIComponent(authId)}`;
}

export const QR_PNG_CONTENT_TYPE = 'image/png';
