import { WALLET_KEYS } from '@lynk/contract/accounts';
import { staffQrPath } from '@lynk/contract/qr';
import { apiClient } from '@/lib/api-client';

const PROFILE = '/api/profile';

/** GET /api/profile/v2/qr-code[?wallet=jam-dex]: the merchant's wallet QR as a PNG. */
export function getWalletQrImage(wallet: 'main' | 'cbdc', { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.getBlob(`${PROFILE}/v2/qr-code`, {
    query: wallet === 'cbdc' ? { wallet: WALLET_KEYS.cbdc } : {},
    ...(signal ? { signal } : {}),
  });
}

/**
 * GET /api/profile/v2/qr-code/{displayName}/{authId}: a staff member's own QR as a PNG (a '#' in
 * the name becomes a space, spec section 7). The Staff page downloads any staff member's with it.
 */
export function getStaffQrImage(
  displayName: string,
  authId: string,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiClient.getBlob(`${PROFILE}${staffQrPath(displayName, authId)}`, signal ? { signal } : {});
}
